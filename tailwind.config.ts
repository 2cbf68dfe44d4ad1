import type { Config } from 'tailwindcss';

/** A theme colour from its CSS variable in src/index.css, which holds "H S% L%" (the shadcn/ui convention). */
const colour = (name: string) => `hsl(var(--${name}))`;
/** A surface colour and the colour of text on it: --<name> and --<name>-foreground. */
const withForeground = (name: string) => ({
  DEFAULT: colour(name),
  foreground: colour(`${name}-foreground`),
});

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    container: { center: true, padding: '1rem', screens: { '2xl': '1200px' } },
    extend: {
      colors: {
        border: colour('border'),
        input: colour('input'),
        ring: colour('ring'),
        background: colour('background'),
        foreground: colour('foreground'),
        primary: withForeground('primary'),
        secondary: withForeground('secondary'),
        accent: withForeground('accent'),
        muted: withForeground('muted'),
        destructive: withForeground('destructive'),
        card: withForeground('card'),
      },
      borderRadius: { lg: 'var(--radius)', md: 'calc(var(--radius) - 2px)', sm: 'calc(var(--radius) - 4px)' },
      fontFamily: {
        sans: ['"Inter"', 'ui-sans-serif', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
      keyframes: {
        // Down the rate card's heart lane (falling-hearts.tsx): from just above it to past its foot.
        'heart-fall': {
          '0%': { transform: 'translateY(-1.75rem)', opacity: '0' },
          '10%, 75%': { opacity: '1' },
          '100%': { transform: 'translateY(100%)', opacity: '0' },
        },
      },
      animation: { 'heart-fall': 'heart-fall 4s linear forwards' },
    },
  },
  plugins: [],
} satisfies Config;
