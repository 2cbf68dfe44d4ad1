import { Link } from 'react-router-dom';

/**
 * The one look of "not here": the unknown-path 404 and the blog's 'Article Not Found' share it, so a visitor meets the
 * same page whichever way they got lost. Each caller keeps its own words and its way back.
 */
export function NotFoundView({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: { to: string; label: string };
}) {
  return (
    <section className="container flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p
        className="bg-gradient-to-br from-teal-500 to-orange-400 bg-clip-text text-8xl font-black tracking-tight text-transparent sm:text-9xl"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-slate-600">{description}</p>
      <Link
        to={action.to}
        className="mt-8 inline-flex h-12 items-center justify-center rounded-full bg-primary px-7 text-base font-semibold text-primary-foreground shadow-lg shadow-teal-900/20 transition hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {action.label}
      </Link>
    </section>
  );
}
