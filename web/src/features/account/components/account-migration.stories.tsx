import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AccountKit } from '../account-kit';
import { AccountMigrationDialog, AccountMigrationEntry } from './account-migration-dialog';

export default { title: 'Account / Migration' };

// Without a server the call fails: submitting shows "The service could not be reached" at the top of the
// form; the client checks of the address (spec §5) appear beside the field.

export const Entry: Story = () => (
  <AccountKit locale="fr-fr" path="/fr-fr/signin">
    <div style={{ maxWidth: 480, margin: '0 auto' }}>
      <AccountMigrationEntry />
    </div>
  </AccountKit>
);

export const DialogFrance: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <AccountKit locale="fr-fr" path="/fr-fr/signin">
      <Button onPress={() => setOpen(true)}>Ouvrir</Button>
      <AccountMigrationDialog isOpen={open} onOpenChange={setOpen} initialEmail="heritage@example" />
    </AccountKit>
  );
};

export const DialogJapan: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <AccountKit locale="ja-jp" path="/ja-jp/signin">
      <Button onPress={() => setOpen(true)}>開く</Button>
      <AccountMigrationDialog isOpen={open} onOpenChange={setOpen} />
    </AccountKit>
  );
};
