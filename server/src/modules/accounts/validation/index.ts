// Server-side validation rules of spec §5 for accounts and customer contact: pure functions, no database.
export { checkEmail } from './email.ts';
export { checkName } from './names.ts';
export { parsePhone, PHONE_MESSAGES } from './phone.ts';
