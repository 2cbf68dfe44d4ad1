import { Helmet } from 'react-helmet-async';
import { site } from '@/config/site';

export type SeoProps = {
  /** Page title without the site name; the head shows '{title} | Flipwise'. */
  title: string;
  description: string;
  /** Path of the page, e.g. '/about'; the canonical URL is site.url + path. */
  path: string;
  type?: 'website' | 'article';
  image?: string;
  noindex?: boolean;
  /** Extra JSON-LD objects for this page (BreadcrumbList, FAQPage, BlogPosting, ...). */
  jsonLd?: object[];
};

export function Seo({ title, description, path, type = 'website', image = site.ogImage, noindex, jsonLd = [] }: SeoProps) {
  const fullTitle = `${title} | ${site.name}`;
  const url = `${site.url}${path === '/' ? '/' : path}`;
  const imageUrl = image.startsWith('http') ? image : `${site.url}${image}`;
  return (
    <Helmet prioritizeSeoTags>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:site_name" content={site.name} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json">
          {JSON.stringify(data)}
        </script>
      ))}
    </Helmet>
  );
}
