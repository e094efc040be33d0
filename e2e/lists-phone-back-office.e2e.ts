import { BACK_OFFICE, listTour } from './list-tour'

listTour({ width: 390, height: 844 }, BACK_OFFICE)
