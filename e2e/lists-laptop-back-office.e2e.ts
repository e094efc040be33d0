import { BACK_OFFICE, listTour } from './list-tour'

listTour({ width: 1366, height: 900 }, BACK_OFFICE)
