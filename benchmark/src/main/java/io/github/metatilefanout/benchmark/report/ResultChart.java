package io.github.metatilefanout.benchmark.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.text.DecimalFormat;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/** A bar chart per table of one figure: a group per scenario, a bar per strategy; log axis past {@value #LOG_SPAN} x. */
public final class ResultChart {

    static final int WIDTH = 1000;
    static final int CHART_HEIGHT = 360;
    static final double LOG_SPAN = 20;

    private ResultChart() {}

    /** The charts one below the other, or null when there is none. */
    public static BufferedImage draw(String title, List<Summary.Grid> grids) {
        List<JFreeChart> charts = grids.stream()
                .filter(grid -> grid.table().figures().size() == 1)
                .map(ResultChart::chart)
                .toList();
        if (charts.isEmpty()) {
            return null;
        }
        BufferedImage image = new BufferedImage(WIDTH, 40 + charts.size() * CHART_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.setColor(Color.BLACK);
            g.drawString(title, 10, 24);
            for (int i = 0; i < charts.size(); i++) {
                charts.get(i).draw(g, new Rectangle2D.Double(0, 40 + i * CHART_HEIGHT, WIDTH, CHART_HEIGHT));
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private static JFreeChart chart(Summary.Grid grid) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Trial row : grid.rows()) {
            for (String owner : grid.owners()) {
                double value = grid.value(row, owner);
                if (!Double.isNaN(value) && value > 0) {
                    data.addValue(value, owner, grid.label(row));
                    min = Math.min(min, value);
                    max = Math.max(max, value);
                }
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(
                grid.title(),
                String.join(", ", grid.varying()),
                "",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        if (max / min > LOG_SPAN) {
            LogAxis log = new LogAxis("log scale");
            log.setSmallestValue(min / 2);
            log.setNumberFormatOverride(new DecimalFormat("0.##"));
            plot.setRangeAxis(log);
        }
        return chart;
    }
}
