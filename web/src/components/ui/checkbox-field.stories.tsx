import type { Story } from '@ladle/react';
import { useState } from 'react';
import { CheckboxField } from './checkbox-field';

export default { title: 'UI / Form fields / CheckboxField' };

export const Default: Story = () => {
  const [wrap, setWrap] = useState(false);
  return (
    <div style={{ maxWidth: 420 }}>
      <CheckboxField name="gift" isSelected={wrap} onChange={setWrap}>
        Complimentary gift wrapping
      </CheckboxField>
    </div>
  );
};

export const WithError: Story = () => {
  const [terms, setTerms] = useState(false);
  return (
    <div style={{ maxWidth: 420 }}>
      <CheckboxField
        name="terms"
        isSelected={terms}
        onChange={setTerms}
        isRequired
        error={terms ? undefined : 'Please accept the terms and conditions.'}
      >
        I have read and accept the <a href="#terms">terms and conditions of sale</a>.
      </CheckboxField>
    </div>
  );
};
