import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from './button';
import { Drawer, type DrawerSide } from './drawer';
import { Price } from './price';
import { SizePicker } from './size-picker';

export default { title: 'UI / Drawer' };

function Demo({ side, title, trigger }: { side: DrawerSide; title: string; trigger: string }) {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {trigger}
      </Button>
      <Drawer
        isOpen={open}
        onOpenChange={setOpen}
        side={side}
        title={title}
        closeLabel="Close"
        footer={
          <>
            <div style={{ display: 'flex', justifyContent: 'space-between' }}>
              <span className="label">Subtotal</span>
              <Price formatted="€2,450.00" />
            </div>
            <Button isFullWidth onPress={() => setOpen(false)}>
              Checkout
            </Button>
          </>
        }
      >
        <div style={{ display: 'grid', gap: '1.25rem' }}>
          <p>Cassandre leather shoulder bag, black.</p>
          <SizePicker
            label="Size"
            sizes={[
              { id: 's', label: 'S', available: true },
              { id: 'm', label: 'M', available: false },
              { id: 'l', label: 'L', available: true },
            ]}
            value={size}
            onChange={setSize}
            unavailableLabel="unavailable"
          />
          {Array.from({ length: 8 }, (_, i) => (
            <p key={i} className="text-muted">
              Line {i + 1}: long content scrolls inside the drawer body while header and footer stay put.
            </p>
          ))}
        </div>
      </Drawer>
    </>
  );
}

export const Right: Story = () => <Demo side="right" title="Shopping bag (2)" trigger="Open bag" />;
export const Left: Story = () => <Demo side="left" title="Menu" trigger="Open menu" />;
export const Bottom: Story = () => <Demo side="bottom" title="Filters" trigger="Open filters" />;
