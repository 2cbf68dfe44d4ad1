import { useParams } from 'react-router-dom';
import { ArticlePage } from '@/features/blog/components/article-page';

export default function ArticleRoute() {
  const { slug = '' } = useParams();
  // key: a new slug is a new page, so no state (open FAQ, scroll) carries over from the previous article.
  return <ArticlePage key={slug} slug={slug} />;
}
