// The operations the AuthProvider needs, loaded on demand so that supabase-js stays out of the entry chunk.
export { getSession } from './get-session';
export { subscribeToAuthChanges } from './subscribe-auth-changes';
export { signIn } from './sign-in';
export { signUp } from './sign-up';
export { resendVerification } from './resend-verification';
export { signOut } from './sign-out';
