import { seoPage } from '@/components/seo';
import { paths } from '@/config/paths';
import { LegalDocumentView } from '@/features/marketing/components/legal-document';
import { privacy } from '@/features/marketing/content/legal';

export default seoPage(
  {
    title: 'Privacy Policy',
    description:
      'How Flipwise collects, uses, shares and protects your information, the rights you have and how to contact us.',
    path: paths.privacy,
  },
  <LegalDocumentView document={privacy} />,
);
