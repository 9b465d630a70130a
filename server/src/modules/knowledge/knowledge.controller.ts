import { Controller, Param } from '@nestjs/common';
import { api, type Article, type ArticleList, type HelpSearchResult, type PublishedArticle, type Principal } from '@muster/contracts';
import { Auth, MinRole, Public } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { KnowledgeService } from './knowledge.service.js';

@Controller()
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Endpoint(api.knowledge.list)
  @MinRole('SYSOPS')
  list(@Auth() auth: Principal, @ValidQuery() query: Parameters<KnowledgeService['list']>[1]): Promise<ArticleList> {
    return this.knowledge.list(auth, query);
  }

  @Endpoint(api.knowledge.create)
  @MinRole('SYSOPS')
  create(@Auth() auth: Principal, @ValidBody() body: Parameters<KnowledgeService['create']>[1]): Promise<Article> {
    return this.knowledge.create(auth, body);
  }

  @Endpoint(api.knowledge.get)
  @MinRole('SYSOPS')
  get(@Param('id') id: string): Promise<Article> {
    return this.knowledge.get(id);
  }

  @Endpoint(api.knowledge.update)
  @MinRole('SYSOPS')
  update(@Auth() auth: Principal, @Param('id') id: string, @ValidBody() body: Parameters<KnowledgeService['update']>[2]): Promise<Article> {
    return this.knowledge.update(auth, id, body);
  }

  @Endpoint(api.knowledge.submit)
  @MinRole('SYSOPS')
  submit(@Auth() auth: Principal, @Param('id') id: string): Promise<Article> {
    return this.knowledge.submit(auth, id);
  }

  @Endpoint(api.knowledge.withdraw)
  @MinRole('SYSOPS')
  withdraw(@Param('id') id: string): Promise<Article> {
    return this.knowledge.withdraw(id);
  }

  @Endpoint(api.knowledge.review)
  @MinRole('SYSOPS')
  review(@Auth() auth: Principal, @Param('id') id: string, @ValidBody() body: Parameters<KnowledgeService['review']>[2]): Promise<Article> {
    return this.knowledge.review(auth, id, body);
  }

  @Endpoint(api.knowledge.search)
  @Public()
  search(@ValidQuery() query: Parameters<KnowledgeService['search']>[0]): Promise<HelpSearchResult> {
    return this.knowledge.search(query);
  }

  @Endpoint(api.knowledge.article)
  @Public()
  article(@Param('id') id: string): Promise<PublishedArticle> {
    return this.knowledge.published(id);
  }
}
