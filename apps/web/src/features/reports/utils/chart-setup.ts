import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";

// Chart.js with only what the reports draw (bars on a category and a linear axis, a legend and
// tooltips): the rest of the library is left out of the chunk. Loaded when a report's chart is
// first drawn, so neither the member's screens nor the rest of the console carry it.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
