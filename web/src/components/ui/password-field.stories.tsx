import type { Story } from '@ladle/react';
import { useState } from 'react';
import { PasswordField } from './password-field';

export default { title: 'UI / Form fields / PasswordField' };

export const Default: Story = () => {
  const [password, setPassword] = useState('');
  return (
    <div style={{ maxWidth: 420 }}>
      <PasswordField
        name="password"
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        showLabel="Show password"
        description="At least 8 characters, with a letter and a digit."
      />
    </div>
  );
};

export const WithError: Story = () => {
  const [password, setPassword] = useState('secret');
  return (
    <div style={{ maxWidth: 420 }}>
      <PasswordField
        name="password"
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        showLabel="Show password"
        error="The e-mail address or the password is not right."
      />
    </div>
  );
};
