import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { Link } from 'react-router-dom';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import type { FaqGroup, FaqItem, FaqSlot } from '@/features/marketing/content/faqs';

/** What the route puts in an answer's slot (content/faqs.ts `slot`). */
export type FaqSlots = Partial<Record<FaqSlot, React.ReactNode>>;

function Answer({ item, slots }: { item: FaqItem; slots?: FaqSlots }) {
  return (
    <div className="space-y-3 text-[15px] leading-relaxed text-slate-600">
      {item.answer.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {item.slot && slots?.[item.slot]}
      {item.link &&
        (item.link.external ? (
          <a
            href={item.link.to}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex font-semibold text-primary underline-offset-4 hover:underline"
          >
            {item.link.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <Link
            to={item.link.to}
            className="inline-flex font-semibold text-primary underline-offset-4 hover:underline"
          >
            {item.link.label}
          </Link>
        ))}
    </div>
  );
}

/**
 * Groups of questions, each group and each question an accordion item. At both levels only one item is open at a
 * time, and clicking the open one closes it (type single + collapsible).
 */
export function FaqAccordion({ groups, slots }: { groups: FaqGroup[]; slots?: FaqSlots }) {
  return (
    <Accordion type="single" collapsible className="space-y-4">
      {groups.map((group) => (
        <AccordionPrimitive.Item
          key={group.id}
          value={group.id}
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm data-[state=open]:border-teal-200 data-[state=open]:shadow-md"
        >
          {/* The groups are the page's second level (h2) and their questions the third (the h3 of AccordionTrigger). */}
          <AccordionPrimitive.Header asChild>
            <h2 className="flex">
              <AccordionPrimitive.Trigger className="group flex flex-1 items-center justify-between gap-4 px-5 py-5 text-left text-lg font-semibold text-slate-900 transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-6">
                <span className="flex items-center gap-3">
                  <span className="flex h-8 min-w-8 items-center justify-center rounded-full bg-teal-50 px-2 text-sm font-bold text-teal-700">
                    {group.items.length}
                  </span>
                  {group.title}
                </span>
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  aria-hidden="true"
                  className="shrink-0 text-slate-500 group-data-[state=open]:text-primary"
                >
                  {/* A plus that becomes a minus: the vertical stroke fades out while the group is open. */}
                  <path d="M5 12h14" />
                  <path
                    d="M12 5v14"
                    className="transition-opacity duration-200 group-data-[state=open]:opacity-0"
                  />
                </svg>
              </AccordionPrimitive.Trigger>
            </h2>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="px-5 pb-3 sm:px-6">
            <Accordion type="single" collapsible className="border-t border-slate-100">
              {group.items.map((item) => (
                <AccordionItem
                  key={item.question}
                  value={item.question}
                  className="border-slate-100 last:border-b-0"
                >
                  <AccordionTrigger className="text-[15px] font-medium text-slate-800 hover:no-underline hover:text-primary">
                    {item.question}
                  </AccordionTrigger>
                  <AccordionContent>
                    <Answer item={item} slots={slots} />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </Accordion>
  );
}
