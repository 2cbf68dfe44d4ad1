import { seoPage } from '@/components/seo';
import { paths } from '@/config/paths';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export default seoPage(
  {
    title: 'Set a new password',
    description: 'Choose a new password for your Flipwise account.',
    path: paths.resetPassword,
    noindex: true,
  },
  <ResetPasswordPage />,
);
