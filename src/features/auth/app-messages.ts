// What the app's shell says about accounts, on every page: the auth provider's toasts, the email-link notices, the
// header's Login / Register and the account menu. In a file of its own so every page's entry carries only this; the
// dialog's and the account pages' copy is in messages.ts (authMessages, which includes this). Quoted SPEC texts are
// verbatim.
export const authAppMessages = {
  loginFailed: { title: 'Login failed', fallback: 'Invalid email or password' },
  loginSuccess: { title: 'Success', description: 'You have successfully logged in' },
  registrationFailed: { title: 'Registration failed', fallback: 'Could not create your account' },
  verificationRequired: {
    title: 'Verification required',
    description: 'Please check your email for a verification link.',
  },
  registrationSuccess: { title: 'Success', description: 'Your account has been created' },
  logoutSuccess: { title: 'Logged out', description: 'You have been logged out successfully' },
  logoutFailed: { title: 'Error', description: 'There was an error logging out' },
  redirect: {
    verifiedTitle: 'Email verified',
    welcome: (firstName?: string) =>
      firstName ? `Welcome to Flipwise, ${firstName}!` : 'Welcome to Flipwise!',
    expiredTitle: 'Link expired',
    expired: 'This verification link is invalid or has expired. Please log in, or request a new link.',
    /** The same link again while signed in with the session it gave: nothing to do. */
    usedTitle: 'Link already used',
    used: 'This link was already used: your email is confirmed.',
  },
  tabs: {
    loginTab: 'Login',
    registerTab: 'Register',
  },
  menu: {
    welcome: (name: string) => `Welcome, ${name}!`,
    searchTool: 'Thrifting Explorer',
    account: 'My account',
    logout: 'Logout',
    /** WCAG 2.5.3: the name starts with the initials the button shows, so saying what you see works. */
    trigger: (initials: string) => `${initials}, open account menu`,
  },
} as const;
