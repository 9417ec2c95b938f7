import type { Story } from '@ladle/react';
import { useState } from 'react';
import { SelectField } from './select-field';

export default { title: 'UI / Form fields / SelectField' };

const states = [
  { id: 'CA', label: 'California' },
  { id: 'NY', label: 'New York' },
  { id: 'TX', label: 'Texas' },
];

export const Default: Story = () => {
  const [state, setState] = useState('');
  return (
    <div style={{ maxWidth: 420 }}>
      <SelectField
        name="state"
        label="State, province or prefecture"
        items={states}
        value={state}
        onChange={setState}
        placeholder="Choose"
        isRequired
      />
    </div>
  );
};

export const WithError: Story = () => {
  const [reason, setReason] = useState('');
  return (
    <div style={{ maxWidth: 420 }}>
      <SelectField
        name="reason"
        label="Reason"
        items={[
          { id: 'small', label: 'Too small' },
          { id: 'large', label: 'Too large' },
          { id: 'mind', label: 'I changed my mind' },
        ]}
        value={reason}
        onChange={setReason}
        placeholder="Choose a reason"
        isRequired
        error={reason ? undefined : 'Please choose a reason.'}
      />
    </div>
  );
};
