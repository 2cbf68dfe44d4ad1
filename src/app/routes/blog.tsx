import { BlogListPage } from '@/features/blog/components/blog-list-page';

export default function BlogRoute() {
  return <BlogListPage />;
}
