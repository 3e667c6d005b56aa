import { Link } from 'react-router';
import type { Department } from '../../shared/api';
import './DepartmentList.css';

interface DepartmentListProps {
  departments: Department[];
  /** id of the heading that names the list, for `aria-labelledby`. */
  labelledBy?: string;
}

/** Top-level departments as a grid of links. */
export function DepartmentList({ departments, labelledBy }: DepartmentListProps) {
  return (
    <ul className="department-list" aria-labelledby={labelledBy}>
      {departments.map((department) => (
        <li key={department.id} className="department-list__item">
          <Link to={department.url} className="department-list__link">
            {department.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
