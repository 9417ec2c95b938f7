import type { Story } from '@ladle/react';
import { useState } from 'react';
import { RadioGroup } from './radio-group';

export default { title: 'UI / Form fields / RadioGroup' };

const titles = [
  { value: 'MRS', label: 'Mrs' },
  { value: 'MS', label: 'Ms' },
  { value: 'MR', label: 'Mr' },
  { value: 'MX', label: 'Mx' },
] as const;

type Title = (typeof titles)[number]['value'];

export const Default: Story = () => {
  const [title, setTitle] = useState<Title | ''>('');
  return (
    <RadioGroup
      name="civility"
      label="Title"
      optionalText="(optional)"
      items={titles}
      value={title}
      onChange={setTitle}
    />
  );
};

export const WithError: Story = () => {
  const [title, setTitle] = useState<Title | ''>('');
  return (
    <RadioGroup
      name="civility"
      label="Title"
      isRequired
      items={titles}
      value={title}
      onChange={setTitle}
      error={title ? undefined : 'This field is required.'}
    />
  );
};
