import { seoPage } from '@/components/seo';
import { paths } from '@/config/paths';
import { LegalDocumentView } from '@/features/marketing/components/legal-document';
import { terms } from '@/features/marketing/content/legal';

export default seoPage(
  {
    title: 'Terms of Service',
    description:
      'The terms for using the Flipwise website, the Thrifting Explorer and the Flipwise app: licence, responsibilities, data, disclaimer and contact.',
    path: paths.terms,
  },
  <LegalDocumentView document={terms} />,
);
