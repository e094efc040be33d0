import { rowsOf } from '@procura/core/answer'
import { type PickedArticleAnswer, PickedArticleAnswerSchema } from '@procura/core/article'
import { SearchCombobox } from '@procura/ui-kit/search-combobox'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'

export type PickedArticle = PickedArticleAnswer

const Found = rowsOf(PickedArticleAnswerSchema)

/** A catalogue article chosen by label or reference, searched on the server as the user types. */
export const ArticlePicker = ({ onPick }: { onPick: (article: PickedArticle) => void }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const [text, setText] = useState('')
  const search = text.trim()
  const found = useAnswer(`/bwapi/articles/search?search=${encodeURIComponent(search)}`, Found, {
    enabled: search.length >= 2,
  })
  const items = search.length >= 2 ? (found.data?.data ?? []) : []
  return (
    <SearchCombobox
      label={t('needs.fields.article')}
      hint={t('needs.articleHint')}
      items={items.map((a) => ({ ...a, description: `${a.reference} · ${format.amount(a.price_exctax)}` }))}
      inputValue={text}
      onInputChange={setText}
      onSelect={(article) => {
        onPick(article)
        setText('')
      }}
      emptyLabel={search.length >= 2 ? t('needs.noArticle') : t('needs.articleHint')}
    />
  )
}
