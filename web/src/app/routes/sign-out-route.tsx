import type { Schemas } from '../../lib/api-client';
import { SignedOutPage } from '../../features/account/components/signed-out-page';

/** The signed-out page `/logout` (signing out itself is the account feature's sign-out button). */
export function SignOutRoute({ data }: { data: Schemas['LogoutPageData'] }) {
  return <SignedOutPage data={data} />;
}
