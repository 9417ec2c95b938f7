import type { Schemas } from '../../lib/api-client';
import { SignInPage } from '../../features/account/components/sign-in-page';

/** The sign-in page `/signin?returnUrl=…`. */
export function SignInRoute({ data }: { data: Schemas['SignInPageData'] }) {
  return <SignInPage data={data} />;
}
