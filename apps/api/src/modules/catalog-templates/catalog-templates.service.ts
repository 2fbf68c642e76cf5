import {
  isTemplateEligible,
  type TTemplateDetail,
  templateMessages,
} from '@app/contracts/catalog-templates.contract';
import { AppError } from '@app/contracts/errors.contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext } from '../../platform/security/auth-context';
import { sortCategories } from '../catalog/catalog.service';
import type { CatalogTemplatesRepository, TemplateFilter } from './catalog-templates.repository';

const NAME_INDEX = 'catalog_templates_installer_name_unique';

const templateNotFound = (templateId: number) =>
  new AppError('NOT_FOUND', `Template ${templateId} not found`, { userMessage: templateMessages.notFound });

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `A template named "${name}" already exists`, {
    details: [{ field: 'body.template_name', message: `A template named "${name}" already exists` }],
  });

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Catalog templates of an installer (rows 137–147; docs/decisions/015-catalog-templates.md). Every call is
 * the caller's installer's: another company's id in the path or body is refused (403), another installer's
 * template or dealership is not found (404). Writes are one transaction each.
 */
export function createCatalogTemplatesService({
  db,
  repository,
  clock = () => new Date(),
}: {
  db: Db;
  repository: CatalogTemplatesRepository;
  clock?: () => Date;
}) {
  /** typeId (path) or type_id (body) must be the caller's installer. */
  function assertOwnInstaller(auth: AuthContext, typeId: number) {
    if (auth.userType !== 'installer' || typeId !== auth.companyId) {
      throw new AppError('FORBIDDEN', `Templates of specialist ${typeId} are not yours`);
    }
  }

  async function existingTemplate(installerId: number, templateId: number) {
    const template = await repository.findTemplate(installerId, templateId);
    if (!template) throw templateNotFound(templateId);
    return template;
  }

  /** The master services, deduplicated, if every one is in the installer's template catalog (row 147). */
  async function eligibleServices(installerId: number, ids: readonly number[]) {
    const wanted = unique(ids);
    const catalog = await repository.listCatalog(installerId);
    const offered = new Set(
      catalog.filter((s) => isTemplateEligible(s.description)).map((s) => s.master_service_id),
    );
    const missing = wanted.filter((id) => !offered.has(id));
    if (missing.length > 0) {
      const message = `Service${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${
        missing.length > 1 ? 'are' : 'is'
      } not in your template catalog`;
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.services', message }] });
    }
    return wanted;
  }

  /** The installer's dealerships among `ids`, or 404 naming the others. */
  async function ownDealerships(installerId: number, ids: readonly number[]) {
    const wanted = unique(ids);
    const mine = await repository.installerDealerIds(installerId, wanted);
    const others = wanted.filter((id) => !mine.has(id));
    if (others.length > 0) {
      throw new AppError('NOT_FOUND', `Dealership ${others.join(', ')} not found`, {
        userMessage: templateMessages.notFound,
      });
    }
    return wanted;
  }

  async function detail(installerId: number, templateId: number): Promise<TTemplateDetail> {
    const [template, dealerships] = await Promise.all([
      repository.findTemplateSummary(installerId, templateId),
      repository.listTemplateDealerships(templateId),
    ]);
    if (!template) throw templateNotFound(templateId);
    return { ...template, dealerships };
  }

  return {
    /** Row 137. */
    async list(auth: AuthContext, typeId: number) {
      assertOwnInstaller(auth, typeId);
      return repository.listTemplates(typeId);
    },

    /** Row 141: `dealership` is a dealership id or a fragment of its name. */
    async search(auth: AuthContext, typeId: number, query: { name?: string; dealership?: string }) {
      assertOwnInstaller(auth, typeId);
      const filter: TemplateFilter = {};
      if (query.name) filter.name = query.name;
      if (query.dealership) {
        if (/^\d{1,10}$/.test(query.dealership)) filter.dealerId = Number(query.dealership);
        else filter.dealerName = query.dealership;
      }
      if (filter.dealerId !== undefined && filter.dealerId > 2_147_483_647) return [];
      return repository.listTemplates(typeId, filter);
    },

    /** Row 142. */
    async detail(auth: AuthContext, typeId: number, templateId: number) {
      assertOwnInstaller(auth, typeId);
      return detail(typeId, templateId);
    },

    /** Row 138. */
    async listDealerships(auth: AuthContext, typeId: number, templateId: number) {
      assertOwnInstaller(auth, typeId);
      await existingTemplate(typeId, templateId);
      return repository.listTemplateDealerships(templateId);
    },

    /** Row 143. */
    async listInstallerDealerships(auth: AuthContext, typeId: number) {
      assertOwnInstaller(auth, typeId);
      return repository.listInstallerDealerships(typeId);
    },

    /** Row 147: one entry per master service; none with 'custom' in the description (rule 120). */
    async catalog(auth: AuthContext, typeId: number) {
      assertOwnInstaller(auth, typeId);
      const eligible = (await repository.listCatalog(typeId)).filter((s) =>
        isTemplateEligible(s.description),
      );
      // In the wizards' category order (the tabs of the template modal), then by description.
      const order = sortCategories(eligible.map((s) => s.service_category));
      return eligible.sort((a, b) => order.indexOf(a.service_category) - order.indexOf(b.service_category));
    },

    /** Row 144. */
    async create(auth: AuthContext, body: { template_name: string; services: number[]; type_id: number }) {
      assertOwnInstaller(auth, body.type_id);
      const installerId = body.type_id;
      const masterIds = await eligibleServices(installerId, body.services);
      const templateId = await db.transaction(async (tx) => {
        const id = await repository.insertTemplate(tx, {
          installerId,
          name: body.template_name,
          createdAt: clock(),
        });
        if (id === null) throw nameTaken(body.template_name);
        await repository.replaceServices(tx, id, masterIds);
        return id;
      });
      return detail(installerId, templateId);
    },

    /** Row 145: the new name and exactly these services. */
    async update(
      auth: AuthContext,
      typeId: number,
      templateId: number,
      body: { template_name: string; services: number[]; type_id?: number },
    ) {
      assertOwnInstaller(auth, typeId);
      if (body.type_id !== undefined) assertOwnInstaller(auth, body.type_id);
      await existingTemplate(typeId, templateId);
      const masterIds = await eligibleServices(typeId, body.services);
      try {
        await db.transaction(async (tx) => {
          if (!(await repository.findTemplate(typeId, templateId, tx, true)))
            throw templateNotFound(templateId);
          if (await repository.nameTaken(typeId, body.template_name, templateId, tx)) {
            throw nameTaken(body.template_name);
          }
          await repository.renameTemplate(tx, templateId, body.template_name, clock());
          await repository.replaceServices(tx, templateId, masterIds);
        });
      } catch (error) {
        // Two renames to one name at the same moment: the unique index decides.
        if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(body.template_name);
        throw error;
      }
      return detail(typeId, templateId);
    },

    /** Row 146: the template, its services and its assignments (the dealerships then see the full catalog). */
    async remove(auth: AuthContext, typeId: number, templateId: number) {
      assertOwnInstaller(auth, typeId);
      if (!(await repository.deleteTemplate(typeId, templateId))) throw templateNotFound(templateId);
      return { success: true as const, message: templateMessages.deleted };
    },

    /** Row 139: each dealership's current template of this installer becomes this one, in one transaction. */
    async assign(auth: AuthContext, typeId: number, templateId: number, dealershipIds: number[]) {
      assertOwnInstaller(auth, typeId);
      await existingTemplate(typeId, templateId);
      const dealerIds = await ownDealerships(typeId, dealershipIds);
      const replaced = await db.transaction(async (tx) => {
        // Locks the template so a concurrent delete cannot leave an assignment to nothing.
        if (!(await repository.findTemplate(typeId, templateId, tx, true)))
          throw templateNotFound(templateId);
        const before = await repository.currentAssignments(tx, typeId, dealerIds);
        await repository.upsertAssignments(tx, typeId, templateId, dealerIds, clock());
        return before.filter((a) => a.template_id !== templateId).sort((a, b) => a.dealer_id - b.dealer_id);
      });
      return {
        success: true as const,
        message: 'Template assignment updated.',
        template_id: templateId,
        dealership_ids: dealerIds,
        replaced,
      };
    },

    /** Row 140: the dealerships that have this template lose it (they then see the full catalog). */
    async unassign(auth: AuthContext, typeId: number, templateId: number, dealershipIds: number[]) {
      assertOwnInstaller(auth, typeId);
      await existingTemplate(typeId, templateId);
      const dealerIds = await ownDealerships(typeId, dealershipIds);
      const removed = await repository.deleteAssignments(typeId, templateId, dealerIds);
      return {
        success: true as const,
        message: 'Template assignment updated.',
        template_id: templateId,
        removed,
      };
    },
  };
}
export type CatalogTemplatesService = ReturnType<typeof createCatalogTemplatesService>;
