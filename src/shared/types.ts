/** Shapes the API answers with, shared by server and client. Money in roubles. */
export type Category = {
  id: number;
  slug: string;
  name: string;
  description: string;
  icon: string;
  parentId: number | null;
  productCount: number;
  imageUrl: string | null;
};

export type PublicUser = {
  id: number;
  username: string;
  email: string | null;
  role: 'user' | 'admin' | 'manager';
  fullName: string | null;
  phone: string | null;
};
