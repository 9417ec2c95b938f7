import type { Story } from '@ladle/react';
import { useState } from 'react';
import { ChoiceCards } from './choice-cards';

export default { title: 'UI / Form fields / ChoiceCards' };

const options = [
  { id: 'standard', title: 'Standard delivery', detail: 'Estimated between 3 and 5 December', aside: 'Complimentary' },
  { id: 'express', title: 'Express delivery', detail: 'Estimated on 2 December', aside: '€25.00' },
  { id: 'store', title: 'Collect in store', detail: 'Ready for collection today', aside: '€0.00' },
  { id: 'closed', title: 'Boutique rive droite', detail: 'Closed for works', isDisabled: true },
];

export const Default: Story = () => {
  const [value, setValue] = useState<string | null>('standard');
  return (
    <div style={{ maxWidth: 560 }}>
      <ChoiceCards name="delivery" label="Delivery method" items={options} value={value} onChange={setValue} />
    </div>
  );
};

export const WithError: Story = () => {
  const [value, setValue] = useState<string | null>(null);
  return (
    <div style={{ maxWidth: 560 }}>
      <ChoiceCards
        name="delivery"
        label="Delivery method"
        isLabelHidden
        items={options}
        value={value}
        onChange={setValue}
        error={value ? undefined : 'Please choose a delivery method.'}
      />
    </div>
  );
};
