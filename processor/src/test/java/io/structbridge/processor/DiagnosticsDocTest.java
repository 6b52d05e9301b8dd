package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/diagnostics.md} is the {@link Message} enum rendered: one section per id, in id order, with the
 * message's text, each {@link String#format} argument shown as {@code {1}}, {@code {2}}, ... (its argument
 * number, so a value used twice keeps its number). The test fails when the file differs from the rendering;
 * run it with {@code -Dstructbridge.writeDocs=true} to write the file.
 */
class DiagnosticsDocTest {
    /** The generated page, relative to the repository's root (surefire runs in the module's folder). */
    static final String DOC = "docs/diagnostics.md";
    static final String REGENERATE =
            "mvn -B -o test -pl processor -Dtest=DiagnosticsDocTest -Dstructbridge.writeDocs=true";

    /** A {@link java.util.Formatter} format specifier: %[argument_index$][flags][width][.precision][t]conversion. */
    private static final Pattern SPECIFIER =
            Pattern.compile("%(\\d+\\$)?([-#+ 0,(<]*)?(\\d+)?(\\.\\d+)?([tT])?([a-zA-Z%])");

    @Test
    void docsDiagnosticsIsTheMessageEnumRendered() throws IOException {
        Path doc = Path.of("").toAbsolutePath().getParent().resolve(DOC);
        String want = render();
        if (Boolean.getBoolean("structbridge.writeDocs")) {
            Files.writeString(doc, want, StandardCharsets.UTF_8);
        }
        String have = Files.isRegularFile(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : "";
        if (!want.equals(have)) {
            List<String> w = want.lines().toList();
            List<String> h = have.lines().toList();
            int line = 0;
            while (line < w.size() && line < h.size() && w.get(line).equals(h.get(line))) {
                line++;
            }
            fail(DOC + " is not the Message enum rendered (first difference at line " + (line + 1) + ":\n  file:    "
                    + (line < h.size() ? h.get(line) : "(end of file)") + "\n  wanted:  "
                    + (line < w.size() ? w.get(line) : "(end of file)") + ").\nRegenerate it from the repository's root with\n  "
                    + REGENERATE + "\nand commit " + DOC + ".");
        }
    }

    @Test
    void placeholdersAreNumberedByArgument() {
        assertEquals("{1} is {2}, {1} again at U+{3}; 100%", placeholders("%s is %d, %1$s again at U+%04X; 100%%"));
        assertEquals("{1} {1} {2}", placeholders("%s %<s %s"));
    }

    /** {@return the page: a summary, then one section per message id} */
    static String render() {
        StringBuilder b = new StringBuilder();
        b.append("# Diagnostics\n\n");
        b.append("""
                Every error, warning and note the processor prints begins with a stable id in brackets, such as
                `[SB-RECURSIVE]`. This page lists every id with its text, in id order. `{1}`, `{2}`, ... stand for
                the values the processor fills in (names, types, numbers, a layout), numbered in the order of the
                message's arguments; a value used twice keeps its number. Back to the [README](../README.md).

                The page is generated from the `Message` enum
                ([Message.java](../processor/src/main/java/io/structbridge/processor/check/Message.java)); do not
                edit it by hand. `DiagnosticsDocTest` fails when the two differ; regenerate the page from the
                repository's root with
                `""" + REGENERATE + "`.\n\n");
        List<Message> messages = Arrays.stream(Message.values()).sorted(Comparator.comparing(Message::id)).toList();
        b.append(messages.size()).append(" messages.\n");
        for (Message m : messages) {
            b.append("\n## ").append(m.id()).append("\n\n");
            List<String> lines = placeholders(template(m)).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                b.append(i == 0 ? "" : "<br>").append(code(lines.get(i)));
            }
            b.append("\n");
        }
        return b.toString();
    }

    /** {@return the message's format string, as declared in the enum} */
    private static String template(Message m) {
        try {
            Field f = Message.class.getDeclaredField("format");
            f.setAccessible(true);
            return (String) f.get(m);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("Message keeps its format string in the field 'format'", e);
        }
    }

    /** {@return the format with each argument specifier replaced by its argument number, {1}, {2}, ...} */
    static String placeholders(String format) {
        StringBuilder b = new StringBuilder();
        Matcher m = SPECIFIER.matcher(format);
        int ordinary = 0;
        int last = 0;
        int previous = 0;
        while (m.find()) {
            b.append(format, last, m.start());
            last = m.end();
            String conversion = m.group(6);
            if (conversion.equals("%")) {
                b.append('%');
                continue;
            }
            if (conversion.equals("n")) {
                b.append('\n');
                continue;
            }
            int index;
            if (m.group(1) != null) {
                index = Integer.parseInt(m.group(1).substring(0, m.group(1).length() - 1));
            } else if (m.group(2) != null && m.group(2).contains("<")) {
                index = previous;
            } else {
                index = ++ordinary;
            }
            previous = index;
            b.append('{').append(index).append('}');
        }
        return b.append(format.substring(last)).toString();
    }

    /** {@return text as a Markdown code span: delimited by more backticks than any run in it} */
    private static String code(String text) {
        int longest = 0;
        Matcher m = Pattern.compile("`+").matcher(text);
        while (m.find()) {
            longest = Math.max(longest, m.group().length());
        }
        String fence = "`".repeat(longest + 1);
        String pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
        return fence + pad + text + pad + fence;
    }
}
