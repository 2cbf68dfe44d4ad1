import type { ComponentType, ReactNode } from 'react';
import { Helmet } from 'react-helmet-async';
import { crumbsFromPath } from '@/components/layout/breadcrumb-trail';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  hasJsonLdType,
  organizationJsonLd,
  websiteJsonLd,
} from '@/components/seo/json-ld';
import { site } from '@/config/site';

export type SeoProps = {
  /** Page title without the site name; the head shows '{title} | Flipwise'. */
  title: string;
  description: string;
  /** Path of the page, e.g. '/about'; the canonical URL is site.url + path. */
  path: string;
  type?: 'website' | 'article';
  /** Social card image, a path on this site or an absolute URL; defaults to our 1200x630 card. */
  image?: string;
  /** What the social image shows; defaults to the site's name and tagline, which describe the default card. */
  imageAlt?: string;
  /** The image's size when known (the default card and the blog covers are 1200 x 630). */
  imageSize?: { width: number; height: number };
  /** For pages search engines should not list (404, account pages). */
  noindex?: boolean;
  /** Extra JSON-LD objects for this page (FAQPage, BlogPosting, ...). */
  jsonLd?: object[];
  /**
   * Name of the last crumb in the automatic BreadcrumbList (an article's title instead of its slug). The list is
   * added on every inner page unless `jsonLd` already carries a BreadcrumbList.
   */
  breadcrumbLabel?: string;
};

/**
 * Everything a page puts in <head>: title, description, canonical, social cards, robots and structured data.
 * Rendered through react-helmet-async, the project's head manager; on React 19 it hands the tags to React, which
 * hoists <title>, <meta> and <link> into <head>. JSON-LD scripts stay where they render, which search engines accept.
 */
export function Seo({
  title,
  description,
  path,
  type = 'website',
  image = site.ogImage,
  imageAlt,
  imageSize,
  noindex,
  jsonLd = [],
  breadcrumbLabel,
}: SeoProps) {
  const fullTitle = `${title} | ${site.name}`;
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(image);
  const size = imageSize ?? (image === site.ogImage ? { width: 1200, height: 630 } : undefined);

  const structured: object[] = [organizationJsonLd(), websiteJsonLd()];
  const crumbs = crumbsFromPath(path, breadcrumbLabel);
  if (!noindex && crumbs.length > 1 && !jsonLd.some((d) => hasJsonLdType(d, 'BreadcrumbList'))) {
    structured.push(breadcrumbJsonLd(crumbs));
  }
  structured.push(...jsonLd);

  return (
    <Helmet prioritizeSeoTags>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta
        name="robots"
        content={noindex ? 'noindex, nofollow' : 'index, follow, max-image-preview:large, max-snippet:-1'}
      />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      {size && <meta property="og:image:width" content={String(size.width)} />}
      {size && <meta property="og:image:height" content={String(size.height)} />}
      <meta property="og:image:alt" content={imageAlt ?? `${site.name}: ${site.tagline}`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={imageAlt ?? `${site.name}: ${site.tagline}`} />
      {structured.map((data, i) => (
        <script key={i} type="application/ld+json">
          {JSON.stringify(data)}
        </script>
      ))}
    </Helmet>
  );
}

/**
 * A route that is its head tags and one screen, nothing more. It lives beside Seo so that it rides in the chunk every
 * route already loads: as a module of its own it was one more request on the home page's first visit (bench:bundle). Such a route reads nothing (no hooks, no params), so
 * its screen is composed once, when the module loads. A route that reads something (the FAQs, the Explorer, the
 * account pages) writes its component out instead.
 */
export function seoPage(seo: SeoProps, screen: ReactNode): ComponentType {
  return function SeoPage() {
    return (
      <>
        <Seo {...seo} />
        {screen}
      </>
    );
  };
}
