import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export default { title: 'UI / Dialog' };

export const Default: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Open dialog
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Country / Region"
        closeLabel="Close"
        footer={
          <Button isFullWidth onPress={() => setOpen(false)}>
            Confirm
          </Button>
        }
      >
        <p>Choose where you would like your order to be delivered.</p>
      </Dialog>
    </>
  );
};
