import { useEffect } from 'react';
import { DepartmentList } from '../../catalog/components/DepartmentList';
import { useDepartmentsStore } from '../../stores';
import './HomePage.css';

/** Route module for `/`. */
export function HomePage() {
  const status = useDepartmentsStore((s) => s.status);
  const departments = useDepartmentsStore((s) => s.departments);
  const error = useDepartmentsStore((s) => s.error);
  const load = useDepartmentsStore((s) => s.load);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="home">
      <title>Storefront | Farm, Home &amp; Auto</title>
      <h1>Farm, home &amp; auto supplies</h1>

      <section className="home__departments" aria-labelledby="home-departments-heading">
        <h2 id="home-departments-heading">Shop by department</h2>

        {(status === 'idle' || status === 'loading') && (
          <p className="home__status" role="status">
            Loading departments…
          </p>
        )}

        {status === 'error' && (
          <div className="home__error" role="alert">
            <p>{error}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void load({ force: true })}
            >
              Try again
            </button>
          </div>
        )}

        {status === 'success' &&
          (departments.length > 0 ? (
            <DepartmentList departments={departments} labelledBy="home-departments-heading" />
          ) : (
            <p>No departments are available right now.</p>
          ))}
      </section>
    </div>
  );
}
