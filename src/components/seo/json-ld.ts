// Builders for schema.org JSON-LD. Each returns a plain object with its own @context, ready for <Seo jsonLd={[...]} />.
import type { Crumb } from '@/components/layout/breadcrumb-trail';
import { site } from '@/config/site';

export type JsonLd = Record<string, unknown>;

/** An absolute URL on this site for a path ('/about') or an already absolute URL. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl === '' || pathOrUrl === '/') return `${site.url}/`;
  return `${site.url}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The organization's node by reference, as the website and the app name their publisher. */
const organizationRef = { '@id': `${site.url}/#organization` };

/** The start of the site's own nodes (the organization, the website): an @id that others point at, name and home. */
function siteNode(type: string, id: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${site.url}/#${id}`,
    name: site.name,
    url: `${site.url}/`,
  };
}

export function organizationJsonLd(): JsonLd {
  return {
    ...siteNode('Organization', 'organization'),
    logo: absoluteUrl(site.logo),
    foundingDate: String(site.foundedYear),
    email: site.supportEmail,
    sameAs: [site.social.url],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: site.supportEmail,
    },
  };
}

/** The site, with a SearchAction that sends the query to the search tool as ?q=. */
export function websiteJsonLd(): JsonLd {
  return {
    ...siteNode('WebSite', 'website'),
    description: site.description,
    publisher: organizationRef,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.url}/thriftingexplorer?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbJsonLd(items: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: absoluteUrl(item.href),
    })),
  };
}

export type QuestionAnswer = { question: string; answer: string };

export function faqJsonLd(qas: QuestionAnswer[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: qas.map((qa) => ({
      '@type': 'Question',
      name: qa.question,
      acceptedAnswer: { '@type': 'Answer', text: qa.answer },
    })),
  };
}

/** The companion app, for pages that promote it. */
export function mobileAppJsonLd(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'MobileApplication',
    name: site.name,
    operatingSystem: 'iOS',
    applicationCategory: 'BusinessApplication',
    installUrl: site.appStoreUrl,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    publisher: organizationRef,
  };
}

/** True when a JSON-LD object (or one in its @graph) has the given @type. */
export function hasJsonLdType(data: object, type: string): boolean {
  const record = data as JsonLd;
  const own = record['@type'];
  if (own === type || (Array.isArray(own) && own.includes(type))) return true;
  const graph = record['@graph'];
  return (
    Array.isArray(graph) &&
    graph.some((node) => typeof node === 'object' && node !== null && hasJsonLdType(node, type))
  );
}
