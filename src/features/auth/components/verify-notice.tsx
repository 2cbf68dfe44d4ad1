import { authMessages } from '../messages';

/** SPEC §2: the login tab and the 'Check Your Email' view remind users to verify first and to check spam. */
export function VerifyNotice() {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {authMessages.dialog.verifyNotice}
    </p>
  );
}
