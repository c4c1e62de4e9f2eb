import { Search } from 'lucide-react'
import { forwardRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { InventorySort } from './inventory-store'

interface Props {
  filter: string
  sort: InventorySort
  shown: number
  total: number
  onFilter(v: string): void
  onSort(v: InventorySort): void
}

/** Filter and sort of the inventory, and how many proposals they leave. */
export const InventoryToolbar = forwardRef<HTMLInputElement, Props>(function InventoryToolbar(
  { filter, sort, shown, total, onFilter, onSort },
  ref
) {
  const { t } = useTranslation()
  return (
    <div className="toolbar" role="search">
      <div className="field field-inline field-grow">
        <label htmlFor="inventory-filter" className="visually-hidden">
          {t('inventory.filter')}
        </label>
        <Search aria-hidden="true" size={16} className="field-icon" />
        <input
          id="inventory-filter"
          ref={ref}
          type="search"
          className="input input-with-icon"
          placeholder={t('inventory.filterPlaceholder')}
          value={filter}
          onChange={(e) => onFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              onFilter('')
              e.currentTarget.blur()
            }
          }}
          data-testid="inventory-filter"
        />
      </div>
      <div className="field field-inline">
        <label htmlFor="inventory-sort">{t('inventory.sort')}</label>
        <select
          id="inventory-sort"
          className="select"
          value={sort}
          onChange={(e) => onSort(e.target.value as InventorySort)}
          data-testid="inventory-sort"
        >
          <option value="group">{t('inventory.sortGroup')}</option>
          <option value="age">{t('inventory.sortAge')}</option>
          <option value="submitter">{t('inventory.sortSubmitter')}</option>
        </select>
      </div>
      <span className="muted toolbar-count" aria-live="polite">
        {shown === total
          ? t('inventory.count', { count: total })
          : t('inventory.countFiltered', { shown, count: total })}
      </span>
    </div>
  )
})
