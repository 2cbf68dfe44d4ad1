import { authAppMessages } from './app-messages';

const { tabs, ...app } = authAppMessages;

// The SPEC's copy for accounts (§2, §5, §8) in one place, with the shell's (app-messages.ts); quoted SPEC texts are
// verbatim.
export const authMessages = {
  ...app,
  validation: {
    title: 'Error',
    fillAllFields: 'Please fill out all fields',
    zip: 'Please input a 5 number zip',
    // What a submit with differing passwords toasts (SPEC §5 and §8); the live hint has its own words (hints below).
    passwordsDiffer: 'Passwords do not match',
    terms: 'Please accept the Terms and Conditions to continue',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordTooLong: 'Password must be at most 72 characters',
    invalidEmail: 'Please enter a valid email address',
    firstNameRequired: 'Please enter your first name',
    lastNameRequired: 'Please enter your last name',
    nameTooLong: 'Please use at most 50 characters',
    confirmRequired: 'Please confirm your new password',
  },
  hints: {
    zipValid: 'Valid ZIP',
    zipInvalid: 'Must be 5 digits',
    passwordMin: 'Minimum 6 characters',
    // SPEC §2's live hint under Confirm Password, while typing. Never on screen beside the toast above (issue 48).
    passwordsMatch: 'Passwords match',
    passwordsDontMatch: "Passwords don't match",
  },
  dialog: {
    ...tabs,
    registerTabFromSearch: 'Create an Account',
    loginTitle: 'Login to your account',
    loginDescription: 'Your account gives you access to your profile and saved searches.',
    verifyNotice:
      'Please verify your email before logging in. If you cannot find the verification email, check your spam folder.',
    loginButton: 'Login',
    loginBusy: 'Logging in...',
    forgotPassword: 'Forgot password?',
    registerTitle: 'Create your account',
    registerDescription: 'Create an account to track market data and save your searches.',
    termsPrefix: 'I accept the',
    termsLink: 'Terms and Conditions',
    registerButton: 'Create Account',
    registerBusy: 'Creating account...',
    checkEmailTitle: 'Check Your Email',
    checkEmailBody:
      'We have sent you a verification email. Click the link in it to verify your account, then log in.',
    done: 'Done',
    // A refused link in a browser that has not followed it before: used elsewhere, expired or replaced; the service
    // does not say which, so this says what to do in each case. Logging in with an unverified address offers a new
    // link (resend below), so nobody is sent to register again.
    linkExpired:
      'This verification link is invalid or has expired. If you have already verified your email, log in below; if not, log in and we will offer to send you a new link.',
    /** The same link again in the browser where it confirmed the address (issue 28): the one message shown. */
    linkUsed: 'This link was already used: your email is confirmed, log in',
  },
  forgot: {
    title: 'Reset your password',
    description: "Enter the email address of your account and we'll send you a link to set a new password.",
    button: 'Send reset link',
    busy: 'Sending...',
    sent: "If an account exists for that email, we've sent a reset link.",
    sentTitle: 'Check your email',
    back: 'Back to login',
    failedTitle: 'Could not send the reset link',
    failedFallback: 'Please check your connection and try again.',
  },
  account: {
    title: 'My account',
    description: 'Your saved searches, your profile and your password.',
    signedOutTitle: 'Log in to see your account',
    signedOutBody:
      'Your account keeps your profile and your saved searches. Log in to see them, or create a free account.',
    loading: 'Loading your account...',
    profileTitle: 'Profile',
    profileDescription: 'Your name and ZIP code.',
    save: 'Save changes',
    saving: 'Saving...',
    profileSaved: { title: 'Profile saved', description: 'Your profile has been updated.' },
    profileFailed: { title: 'Could not save your profile', fallback: 'Please try again.' },
    passwordTitle: 'Change password',
    passwordDescription: 'Choose a new password of at least 6 characters.',
    changePassword: 'Change password',
    changingPassword: 'Changing password...',
    passwordChanged: { title: 'Password changed', description: 'Your password has been updated.' },
    passwordFailed: { title: 'Could not change your password', fallback: 'Please try again.' },
  },
  reset: {
    title: 'Set a new password',
    description: 'Choose a new password for your Flipwise account.',
    button: 'Set new password',
    busy: 'Saving...',
    success: { title: 'Password updated', description: 'Your new password is set. You are logged in.' },
    failed: { title: 'Could not set your password', fallback: 'Please try again.' },
    invalidTitle: 'This reset link is invalid or has expired',
    invalidBody:
      'Password reset links work once and expire after an hour. Enter your email below and we will send you a new one.',
    checking: 'Checking your reset link...',
  },
  /** Issue 14: a login refused with 'Email not confirmed' offers a new link (the first expires after an hour). */
  resend: {
    notice: 'This email address is not verified yet. Open the link we emailed you, or get a new one.',
    afterRegister: 'Nothing after a few minutes, even in spam? Get a new link.',
    button: 'Resend verification email',
    busy: 'Sending...',
    sent: (email: string) =>
      `If ${email} has an account waiting for verification, a new link is on its way (one a minute at most). It works for an hour; check your spam folder too.`,
    wait: (seconds: number) => `You can ask for another email in ${seconds} s.`,
    failed: 'Could not send the email. Please try again.',
    /** Hosted Supabase sends one email per address a minute; asking sooner silently sends nothing. */
    cooldownSeconds: 60,
  },
} as const;
