import type { Story } from '@ladle/react';
import { useState } from 'react';
import { FormMessage } from './form-message';
import { TextAreaField, TextField } from './text-field';

export default { title: 'UI / Form fields / TextField' };

export const Default: Story = () => {
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  return (
    <div style={{ maxWidth: 420, display: 'grid', gap: '1.5rem' }}>
      <TextField
        name="email"
        type="email"
        label="Email address"
        value={email}
        onChange={setEmail}
        autoComplete="email"
        inputMode="email"
        isRequired
        description="Your order confirmation is sent to this address."
      />
      <TextField
        name="company"
        label="Company"
        optionalText="(optional)"
        value={company}
        onChange={setCompany}
        autoComplete="organization"
      />
      <TextField name="country" label="Country" value="France" onChange={() => undefined} isReadOnly />
    </div>
  );
};

export const WithErrors: Story = () => {
  const [phone, setPhone] = useState('12');
  return (
    <div style={{ maxWidth: 420, display: 'grid', gap: '1.5rem' }}>
      <FormMessage>Please check the fields in red.</FormMessage>
      <TextField
        name="phone"
        type="tel"
        label="Phone"
        value={phone}
        onChange={setPhone}
        autoComplete="tel"
        inputMode="tel"
        ltr
        isRequired
        description="For the carrier, if needed."
        error="Please enter a valid phone number."
      />
      <TextField
        name="cardNumber"
        label="Card number"
        value="4111 1111"
        onChange={() => undefined}
        autoComplete="cc-number"
        inputMode="numeric"
        ltr
        isRequired
        error="This card number is not valid."
      />
    </div>
  );
};

export const TextArea: Story = () => {
  const [message, setMessage] = useState('');
  return (
    <div style={{ maxWidth: 420 }}>
      <TextAreaField
        name="giftMessage"
        label="Gift message"
        optionalText="(optional)"
        value={message}
        onChange={setMessage}
        maxLength={200}
        rows={3}
        description={`${[...message].length} / 200`}
      />
    </div>
  );
};
