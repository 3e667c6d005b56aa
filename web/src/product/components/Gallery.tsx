import { useState } from 'react';
import { ProductImage } from './ProductImage';

export const MAIN_IMAGE_SIZE = 600;
export const THUMB_SIZE = 72;

/** The product's pictures: one large, the others as thumbnails that choose it. */
export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const count = images.length;
  const index = Math.min(current, Math.max(0, count - 1));
  const main = images[index] ?? null;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage
          className="gallery__image"
          src={main}
          alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
          width={MAIN_IMAGE_SIZE}
          height={MAIN_IMAGE_SIZE}
          fetchPriority="high"
        />
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setCurrent(i)}
              >
                <ProductImage src={src} alt="" width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
