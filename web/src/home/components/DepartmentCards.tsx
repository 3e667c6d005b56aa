import { Link } from 'react-router';
import { ProductImage } from '../../product/components/ProductImage';

export const DEPARTMENT_IMAGE_SIZE = 240;

export interface DepartmentCard {
  id: number;
  name: string;
  url: string;
  image: string | null;
  imageAlt: string;
}

/**
 * Departments as cards: a picture (fixed size, loaded lazily) and the name,
 * the whole card a link to the department. The link's name is the
 * department's name; the picture keeps its own description.
 */
export function DepartmentCards({ departments, labelledBy }: { departments: DepartmentCard[]; labelledBy: string }) {
  const pictures = departments.some((d) => d.image);
  return (
    <ul className={pictures ? 'home-departments' : 'home-departments home-departments--names'} aria-labelledby={labelledBy}>
      {departments.map((d) => (
        <li key={d.id} className="home-department">
          {pictures && (
            <ProductImage
              className="home-department__image"
              src={d.image}
              alt={d.imageAlt}
              width={DEPARTMENT_IMAGE_SIZE}
              height={DEPARTMENT_IMAGE_SIZE}
              loading="lazy"
            />
          )}
          <Link to={d.url} className="home-department__link">
            {d.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
