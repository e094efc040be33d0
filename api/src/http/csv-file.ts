import type { Context } from 'hono'

/** A CSV file streamed as its lines are made (an import's file: edit it and import it again). */
export const csvFile = (c: Context, lines: AsyncIterator<string>, name: string) =>
  c.body(
    new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const next = await lines.next()
        if (next.done === true) controller.close()
        else controller.enqueue(new TextEncoder().encode(next.value))
      },
    }),
    200,
    {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
    },
  )
