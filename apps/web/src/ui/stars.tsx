import { Star } from 'lucide-react';

/** Five stars, `rating` of them filled, read out as `label` ("4 out of 5 stars"). */
export function Stars({
  rating,
  label,
  className = 'size-4',
}: {
  rating: number;
  label: string;
  className?: string;
}) {
  return (
    <span role="img" aria-label={label} className="inline-flex shrink-0 gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`${className} ${n <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-stone-300'}`}
        />
      ))}
    </span>
  );
}
