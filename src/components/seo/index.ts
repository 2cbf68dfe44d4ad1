export { Seo, seoPage, type SeoProps } from '@/components/seo/seo';
export {
  absoluteUrl,
  breadcrumbJsonLd,
  faqJsonLd,
  mobileAppJsonLd,
  organizationJsonLd,
  websiteJsonLd,
  type JsonLd,
  type QuestionAnswer,
} from '@/components/seo/json-ld';
