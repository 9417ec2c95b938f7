import type { Schemas } from '../../lib/api-client';
import { SignUpPage } from '../../features/account/components/sign-up-page';

/** The account creation page `/signup`. */
export function SignUpRoute({ data }: { data: Schemas['SignUpPageData'] }) {
  return <SignUpPage data={data} />;
}
