// GET /health and GET /settings: what GoTrue answers about itself (GoTrue api/api.go, api/settings.go).
import type { Hono } from 'hono';
import type { AuthService } from './service';

export function settingsAndHealthRoutes(app: Hono, { settings }: AuthService) {
  app.get('/health', (c) =>
    c.json({
      version: 'emulator',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        workos: false,
        twitch: false,
        twitter: false,
        zoom: false,
        email: settings.emailProviderEnabled,
        phone: false,
      },
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: settings.mailerAutoconfirm,
      phone_autoconfirm: settings.smsAutoconfirm,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
}
