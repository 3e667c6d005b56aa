import { useState, type ImgHTMLAttributes } from 'react';
import './ProductImage.css';

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
}

/**
 * A product picture with its size set (nothing shifts when it arrives). A
 * picture that fails to load (or has no address) is not shown: an empty box
 * of the same size keeps the layout.
 */
export function ProductImage({ src, alt, width, height, className, ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const base = className ? `product-image ${className}` : 'product-image';
  if (!src || failed === src) {
    return (
      <span
        className={`${base} product-image--missing`}
        style={{ aspectRatio: `${width} / ${height}` }}
        data-image-missing=""
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      {...rest}
      className={base}
      src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
