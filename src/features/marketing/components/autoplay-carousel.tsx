import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

type AutoplayCarouselProps = {
  /** Accessible name of the carousel region. */
  label: string;
  /** Milliseconds each slide stays before the next one. */
  delay: number;
  slides: ReactNode[];
  /** Width classes of one slide, e.g. 'basis-full md:basis-1/2'. */
  slideClassName?: string;
  /** Short name of each slide for its group label, e.g. 'Testimonial'. */
  slideName: string;
  className?: string;
  /** 'light' controls for pale backgrounds, 'dark' for the dark band. */
  tone?: 'light' | 'dark';
};

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The previous or next button. */
function ArrowButton({
  direction,
  label,
  onClick,
  className,
}: {
  direction: 'left' | 'right';
  label: string;
  onClick: () => void;
  className: string;
}) {
  const Chevron = direction === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button type="button" onClick={onClick} aria-label={label} className={className}>
      <Chevron size={18} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </button>
  );
}

/**
 * A looping carousel that advances on its own every `delay` ms. Swiping, arrows and dots move it without stopping
 * the autoplay (the product wants the slides to keep moving); the pause button is the one explicit way to stop it.
 */
export function AutoplayCarousel({
  label,
  delay,
  slides,
  slideClassName,
  slideName,
  className,
  tone = 'light',
}: AutoplayCarouselProps) {
  // Someone who asked their system for less motion gets a still carousel they can start themselves (issue 14, WCAG
  // 2.2.2): it begins paused, with the Play button showing. The plugin reads the preference when it is made (it renders
  // nothing); the button's state follows after mount, because a prerendered page was rendered playing and hydration
  // must start from that same markup (React does not patch a differing aria-label while hydrating).
  // One plugin instance for the component's life: a new one each render would restart the timer.
  const [autoplay] = useState(() =>
    Autoplay({
      delay,
      playOnInit: !prefersReducedMotion(),
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (prefersReducedMotion()) setPaused(true);
  }, []);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  // After a manual move the next automatic one waits a full delay again, instead of jumping right after.
  const restartTimer = useCallback(() => {
    if (!paused) autoplay.reset();
  }, [autoplay, paused]);

  const go = (move: () => void) => {
    move();
    restartTimer();
  };

  const togglePause = () => {
    if (paused) autoplay.play();
    else autoplay.stop();
    setPaused(!paused);
  };

  // The round buttons under the slides (previous, next, pause), in the carousel's tone.
  const control = cn(
    'inline-flex h-10 w-10 items-center justify-center rounded-full border transition focus-visible:outline-none focus-visible:ring-2',
    tone === 'dark'
      ? 'border-white/25 bg-white/10 text-white hover:bg-white/20 focus-visible:ring-white'
      : 'border-border bg-background text-foreground shadow-sm hover:bg-secondary focus-visible:ring-ring',
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-selected-index={selected}
      className={cn('relative', className)}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y" aria-live="off">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideName} ${index + 1} of ${slides.length}`}
              className={cn('min-w-0 shrink-0 grow-0 basis-full pl-4', slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3">
        <ArrowButton
          direction="left"
          label={`Previous ${slideName.toLowerCase()}`}
          onClick={() => go(() => api?.scrollPrev())}
          className={control}
        />
        <div className="flex items-center gap-1">
          {Array.from({ length: snapCount }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => go(() => api?.scrollTo(index))}
              aria-label={`Show ${slideName.toLowerCase()} ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              className="group inline-flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                className={cn(
                  'block h-2 rounded-full transition-all',
                  index === selected
                    ? 'w-5 bg-orange-500'
                    : cn('w-2', tone === 'dark' ? 'bg-white/40' : 'bg-slate-300 group-hover:bg-slate-400'),
                )}
              />
            </button>
          ))}
        </div>
        <ArrowButton
          direction="right"
          label={`Next ${slideName.toLowerCase()}`}
          onClick={() => go(() => api?.scrollNext())}
          className={control}
        />
        <button
          type="button"
          onClick={togglePause}
          aria-label={paused ? `Play ${label.toLowerCase()}` : `Pause ${label.toLowerCase()}`}
          aria-pressed={paused}
          className={cn('ml-1', control)}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true">
            {paused ? <path d="M8 5.5v13l10.5-6.5z" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />}
          </svg>
        </button>
      </div>
    </section>
  );
}
