/** A catalog department, as returned by `GET /api/catalog/departments`. */
export interface Department {
  id: number;
  name: string;
  url: string;
  children: Department[];
}
