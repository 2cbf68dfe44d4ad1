import { paths } from '@/config/paths';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { seoPage } from './seo-page';

export default seoPage(
  {
    title: 'Set a new password',
    description: 'Choose a new password for your Flipwise account.',
    path: paths.resetPassword,
    noindex: true,
  },
  <ResetPasswordPage />,
);
