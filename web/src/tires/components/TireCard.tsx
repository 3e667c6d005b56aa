import { formatTireSize, type TireProduct } from '../../shared/api/tires';
import { ProductCard } from './ProductCard';

/** A tire in the results: picture, brand, name, size, season, price. */
export function TireCard({ product }: { product: TireProduct }) {
  const size = product.attributes['Tire Size'] ?? (product.tireSize ? formatTireSize(product.tireSize) : null);
  const season = product.attributes['Season'];
  return (
    <ProductCard product={product}>
      {size && (
        <p className="auto-card__detail">
          Size: <span data-testid="tire-size">{size}</span>
        </p>
      )}
      {season && <p className="auto-card__detail">{season}</p>}
    </ProductCard>
  );
}
