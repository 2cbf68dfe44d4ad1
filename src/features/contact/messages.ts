// The SPEC's copy for the contact page (§2, §5, §8) in one place; quoted SPEC texts are verbatim.
export const contactMessages = {
  page: {
    title: 'Get in Touch',
    eyebrow: 'Contact',
    intro:
      'Questions about the Flipwise app, your account or the Thrifting Explorer? Send us a message and a real person will answer, usually within one business day.',
    emailLead: 'Prefer email? Write to us at',
    seoDescription:
      'Contact the Flipwise team: questions about the reseller app, your account or the Thrifting Explorer. We answer every message, usually within one business day.',
  },
  details: {
    title: 'What happens next',
    steps: [
      'Your message is saved the moment you send it, so it cannot get lost on the way.',
      'A member of our team reads it and replies to the email address you gave.',
      'We answer every message, usually within one business day.',
    ],
    faqLead: 'Looking for a quick answer about the app or your account? Try the',
    faqLink: 'FAQ',
    socialLead: (network: string) => `You can also find us on ${network} at`,
  },
  form: {
    title: 'Send us a message',
    name: 'Name',
    email: 'Email',
    message: 'Message',
    namePlaceholder: 'Your name',
    emailPlaceholder: 'you@example.com',
    messagePlaceholder: 'How can we help?',
    robot: "I'm not a robot",
    submit: 'Send Message',
    sending: 'Sending...',
    count: (used: number, max: number) => `${used}/${max}`,
    countLabel: (used: number, max: number) => `${used} of ${max} characters used`,
    // The honeypot's label: read only by bots that fill every field.
    honeypot: 'Leave this field empty',
  },
  validation: {
    nameRequired: 'Please enter your name.',
    nameTooLong: 'Name must be at most 100 characters.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    emailTooLong: 'Email must be at most 255 characters.',
    messageRequired: 'Please enter a message.',
    messageTooLong: 'Message must be at most 1000 characters.',
  },
  securityError: {
    title: 'Security Error',
    description: 'Invalid request. Please refresh the page and try again.',
  },
  sendFailed: {
    title: 'Error sending message',
    description: (email: string) => `Please try again later or email us directly at ${email}`,
  },
  sent: { title: 'Message sent!', description: "We'll get back to you as soon as possible." },
} as const;
