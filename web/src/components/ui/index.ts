export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Drawer, type DrawerProps, type DrawerSide } from './drawer';
export { LinkButton, type LinkButtonProps } from './link-button';
export { Price, type PriceProps } from './price';
export { Select, type SelectItem, type SelectProps } from './select';
export { SizePicker, type SizeOption, type SizePickerProps } from './size-picker';
export { Spinner, type SpinnerProps } from './spinner';
export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden';
export { cx } from './cx';
