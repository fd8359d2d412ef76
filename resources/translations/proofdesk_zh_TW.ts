<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name></name>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="346"/>
        <source>Cannot run {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="350"/>
        <source>Importing vllm in {0} took too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="361"/>
        <source>vLLM is not installed in this Python. Install it there with: pip install &apos;proofdesk[server]&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="365"/>
        <source>vLLM is installed but cannot be loaded: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AidsHub</name>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="200"/>
        <source>This page still has {0} unreadable-text marker(s) such as 【模糊】. Approve it anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="334"/>
        <source>Page {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="350"/>
        <source>The run failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="366"/>
        <source>Stopped; {0} page(s) read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="370"/>
        <source>{0} page(s) read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="374"/>
        <source>{0} page(s) could not be stored: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AlternatesModel</name>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="25"/>
        <source>RapidOCR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="26"/>
        <source>Tesseract</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="27"/>
        <source>Text layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="28"/>
        <source>Imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="37"/>
        <source>unknown engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="49"/>
        <source>{0} — {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="51"/>
        <source>Version #{0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BatchPanel</name>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="217"/>
        <location filename="../../gui/ocr/batch_panel.py" line="232"/>
        <location filename="../../gui/ocr/batch_panel.py" line="349"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="346"/>
        <source>Retry failed pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="137"/>
        <source>A batch is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="140"/>
        <source>Open a document first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="144"/>
        <source>Tick at least one server to read the pages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="160"/>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="172"/>
        <source>The batch was stopped; the pages already read are stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="186"/>
        <source>Nothing to read: no page matches that choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="188"/>
        <source>Finished: {0} pages read, {1} failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="191"/>
        <source>{0} pages with a person&apos;s edits or approval were left as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="217"/>
        <location filename="../../gui/ocr/batch_panel.py" line="232"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="247"/>
        <source>Cancel the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="249"/>
        <source>Stop reading pages? The pages already read stay stored; the rest can be resumed later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="269"/>
        <source>Cancelled. {0} pages read are stored; {1} can be resumed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="316"/>
        <source>The unfinished batch was discarded; the pages it read stay stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="344"/>
        <source>Retry failed pages ({0})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BatchPanelView</name>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="58"/>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="59"/>
        <source>Tick several servers to spread the pages over them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="65"/>
        <source>The longest answer allowed for one page, in tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="67"/>
        <source>Servers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="68"/>
        <source>Max tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="70"/>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="71"/>
        <source>Read the chosen pages (Ctrl+B shows this panel).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="72"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="74"/>
        <source>Start no new page; pages being read finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="75"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="81"/>
        <source>%v / %m pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="94"/>
        <source>Problem pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="95"/>
        <source>Double-click a page to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="101"/>
        <source>Retry failed pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="110"/>
        <source>Problem pages:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="128"/>
        <source>{0}: unreachable — retrying its pages elsewhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="130"/>
        <source>{0}: unreachable — retrying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="133"/>
        <source>{0}: not used any more — {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="144"/>
        <source>{0} done · {1} failed · {2} in flight · {3:.1f} pages/min · {4:.0f} tokens/s · ETA {5}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="154"/>
        <source>{0} retrying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="156"/>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompareDock</name>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="29"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="50"/>
        <source>&amp;Compare with Alternate Reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="59"/>
        <source>&amp;Next Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="67"/>
        <source>&amp;Previous Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="75"/>
        <source>Next &amp;Marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="83"/>
        <source>Previous Mar&amp;ker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="91"/>
        <source>&amp;Accept Alternate&apos;s Reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="100"/>
        <source>&amp;Read This Page with an Offline Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="107"/>
        <source>Marker &amp;Patterns…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="114"/>
        <source>Underline &amp;Low-Confidence Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="127"/>
        <source>Replace this difference with what the alternate reads ({0})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvalDialog</name>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="156"/>
        <source>Compare Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="175"/>
        <source>current, kind:ocr, engine:NAME, model:NAME, prompt:HASH, version:ID, or a folder / JSONL file of gold text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="179"/>
        <source>Gold Text…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="185"/>
        <source>all pages (or e.g. 1-5, 9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="187"/>
        <source>Run &amp;A:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="188"/>
        <source>Run &amp;B (reference):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="189"/>
        <source>&amp;Pages:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="193"/>
        <source>Pages compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="194"/>
        <source>Critical disagreements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="200"/>
        <source>&amp;Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="203"/>
        <source>Copy as &amp;Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="243"/>
        <source>Folder of Gold Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="257"/>
        <source>“{0}” is not a page or page range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="261"/>
        <source>Comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="276"/>
        <source>The comparison failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="317"/>
        <source>{0} of {1} page(s) compared · mean agreement {2} · differences: layout {3}, punctuation {4}, glyph {5}, substantive {6} · {7} critical disagreement(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="328"/>
        <source> · CER {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="339"/>
        <source>## Run comparison: {0} vs {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="354"/>
        <source>### Critical disagreements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="356"/>
        <source>- p. {0} ({1}): {2}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvalPagesModel</name>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="104"/>
        <source>Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="105"/>
        <source>Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="106"/>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="107"/>
        <source>Punctuation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="108"/>
        <source>Glyph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="109"/>
        <source>Substantive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="110"/>
        <source>Critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="112"/>
        <source>CER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="112"/>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="124"/>
        <source>no text for {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportAction</name>
    <message>
        <location filename="../../gui/export/export_action.py" line="22"/>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_action.py" line="31"/>
        <source>Open a document to export it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="82"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="104"/>
        <source>Plain text (.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="105"/>
        <source>Markdown (.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="106"/>
        <source>Word document (.docx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="107"/>
        <source>Searchable PDF (scan + invisible text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="108"/>
        <source>Audit trail (.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="109"/>
        <source>Review report (HTML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="110"/>
        <source>Review report (PDF)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="115"/>
        <source>all pages (or e.g. 1-20, 25)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="116"/>
        <source>Only &amp;approved pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="117"/>
        <source>&amp;Remove markers such as 【模糊】</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="119"/>
        <source>Form feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="120"/>
        <source>A line “--- page N ---”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="122"/>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="127"/>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="128"/>
        <source>&amp;Pages:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="131"/>
        <source>Page &amp;separator:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="132"/>
        <source>&amp;Save as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="135"/>
        <source>Preview of the first page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="140"/>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="142"/>
        <location filename="../../gui/export/export_dialog.py" line="342"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="149"/>
        <source>Preview (first page):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="196"/>
        <source>Export to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="231"/>
        <source>The preview failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="235"/>
        <source>(no page to export with these options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="269"/>
        <source>Choose where to save the export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="275"/>
        <source>Replace file?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="276"/>
        <source>“{0}” already exists. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="286"/>
        <source>The export was cancelled; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="293"/>
        <source>The export failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="323"/>
        <source>Exported {0} page(s) to {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="327"/>
        <source>Warning: page(s) {0} are not approved; the export is marked as such.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="331"/>
        <source>Left out (not approved): {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="342"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="345"/>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FlagsModel</name>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="70"/>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="71"/>
        <source>Critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="72"/>
        <source>Marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="73"/>
        <source>Unsure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../gui/review/history_panel.py" line="75"/>
        <source>Versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="79"/>
        <source>Select a version to compare it with the one before it, or two versions to compare them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="90"/>
        <source>Restore this version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="121"/>
        <location filename="../../gui/review/history_panel.py" line="128"/>
        <source>#{0} compared with #{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="123"/>
        <source>#{0}, the first version</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImageLink</name>
    <message>
        <location filename="../../gui/aids/image_link.py" line="274"/>
        <source>Legal-critical: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/image_link.py" line="279"/>
        <source>The other reading has “{0}” here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/image_link.py" line="281"/>
        <source>The other reading lacks “{0}”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalServerDialog</name>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="73"/>
        <source>Local vLLM server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="85"/>
        <source>Server settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="89"/>
        <source>Command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="92"/>
        <source>The command that runs the server. Its API key is not on it: the key is passed in the environment (VLLM_API_KEY), where other users of this machine cannot read it. The server listens on 127.0.0.1 only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="97"/>
        <location filename="../../gui/servers/local_server_dialog.py" line="257"/>
        <source>Not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="109"/>
        <source>Server log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="110"/>
        <source>The server&apos;s output appears here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="112"/>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="115"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="117"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="118"/>
        <source>Closing this window leaves the server running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="127"/>
        <source>Command line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="204"/>
        <source>The server could not be started: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="212"/>
        <source>Ready at {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="220"/>
        <source>Starting… {0} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="229"/>
        <source>The local server stopped unexpectedly (exit code {0}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="246"/>
        <source>It was ended by {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="254"/>
        <source>See the log below for details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="270"/>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="284"/>
        <source>Stopped (exit code {0}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="319"/>
        <source>Checking {0}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="322"/>
        <source>vLLM {0} is installed in this Python.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalServerForm</name>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="45"/>
        <source>a model folder, or a name such as Qwen/Qwen3-VL-8B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="46"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="47"/>
        <source>Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="50"/>
        <source>the model&apos;s own name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="52"/>
        <source>The Python interpreter that has vLLM installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="53"/>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="55"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="56"/>
        <source>See whether vLLM is installed in this Python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="61"/>
        <location filename="../../gui/servers/local_server_form.py" line="67"/>
        <location filename="../../gui/servers/local_server_form.py" line="68"/>
        <source>vLLM&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="66"/>
        <source>vLLM&apos;s default (0.90)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="72"/>
        <source>--enforce-eager (no CUDA graphs: less memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="74"/>
        <source>more vLLM flags, e.g. --trust-remote-code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="76"/>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="78"/>
        <source>Give up if the server is not ready after this long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="85"/>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="86"/>
        <source>Served model name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="87"/>
        <source>Python:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="89"/>
        <source>--max-model-len:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="90"/>
        <source>--gpu-memory-utilization:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="91"/>
        <source>--max-num-seqs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="92"/>
        <source>Images per prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="93"/>
        <source>--kv-cache-dtype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="94"/>
        <source>--dtype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="95"/>
        <source>--quantization:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="97"/>
        <source>Extra arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="98"/>
        <source>Start timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="129"/>
        <source>Choose a model folder or type a model name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="134"/>
        <source>The extra arguments cannot be read: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="221"/>
        <source>Choose the model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="229"/>
        <source>Choose the Python interpreter with vLLM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/shell/main_window.py" line="62"/>
        <location filename="../../gui/shell/main_window.py" line="260"/>
        <source>ProofDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="101"/>
        <source>Pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="105"/>
        <source>Note for this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="128"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="130"/>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="218"/>
        <source>Page {0} / {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="227"/>
        <source>the PDF&apos;s text layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="230"/>
        <source>text: {0} (offline engine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="232"/>
        <source>text: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="232"/>
        <source>OCR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="234"/>
        <source>text: edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="235"/>
        <source>text: restored version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="236"/>
        <source>text: imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="244"/>
        <source>saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="245"/>
        <source>editing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="246"/>
        <source>saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="247"/>
        <source>not saved — retrying: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="264"/>
        <source>{0} — ProofDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="180"/>
        <source>Please confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="189"/>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="191"/>
        <source>Your latest typing could not be saved ({0}). Close anyway and lose it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MarkersDialog</name>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="44"/>
        <source>Marker Patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="47"/>
        <source>Text the model writes where it could not read the page. One pattern a line; start a line with re: for a regular expression, e.g. re:【[?？]+】</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="55"/>
        <source>Marker patterns, one a line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="81"/>
        <source>Line {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="83"/>
        <source>No patterns: nothing will be marked.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MenuTitles</name>
    <message>
        <location filename="../../gui/shell/menus.py" line="60"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="61"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="62"/>
        <source>&amp;Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="63"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="64"/>
        <source>&amp;OCR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="65"/>
        <source>&amp;Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="66"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <location filename="../../gui/widgets/notice_bar.py" line="22"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OcrDocks</name>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="48"/>
        <source>OCR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="49"/>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="94"/>
        <source>Server: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="94"/>
        <source>No OCR server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="108"/>
        <source>&amp;Re-run This Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="110"/>
        <source>Re-run a &amp;Region…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="112"/>
        <source>&amp;Batch…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OcrHub</name>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="187"/>
        <source>That server profile no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="205"/>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="237"/>
        <source>Choose a server first (OCR ▸ Servers…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="240"/>
        <source>Pages will be sent to {0} without encryption (http://). Anyone on the network between here and there could read these confidential documents. Send anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="245"/>
        <source>Not sent: the server uses plain http://.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="257"/>
        <source>Choose a model for {0} (OCR ▸ Servers…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="268"/>
        <source>Open a document first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="310"/>
        <source>Choose at least one server for the batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="346"/>
        <source>A batch is already running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OcrPanel</name>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="55"/>
        <source>Run OCR on this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="56"/>
        <source>Read this page again with this server and prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="57"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="58"/>
        <source>Stop reading; nothing is stored (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="60"/>
        <source>Read a region…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="63"/>
        <source>Draw a rectangle on the page image to read only that part (Esc stops)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="129"/>
        <source>Page {0}: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="160"/>
        <location filename="../../gui/ocr/ocr_panel.py" line="316"/>
        <source>Open a document first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="163"/>
        <source>Choose a server first (OCR ▸ Servers…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="209"/>
        <source>Cancelled; nothing was stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="221"/>
        <source>New reading stored in the page&apos;s history; compare below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="225"/>
        <source>The new reading of page {0} is in its history; go back to that page to compare it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="235"/>
        <source>The document was closed before the reading arrived; not stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="240"/>
        <source>Not stored: {0}. Copy the text below to keep it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="301"/>
        <source>Closed; that reading was not stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="303"/>
        <source>Kept the working text; the new reading is in history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="309"/>
        <source>Region text put into the transcript.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="320"/>
        <source>Your typing is not saved yet; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="324"/>
        <source>Replace your edits?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="326"/>
        <source>This page has your edits. Replace the working text with the new reading? Your edits stay in history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="337"/>
        <source>Page {0}: the new reading is now the working text.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Opener</name>
    <message>
        <location filename="../../gui/review/opener.py" line="50"/>
        <source>Open a PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="52"/>
        <source>PDF documents (*.pdf);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="61"/>
        <source>Still opening the previous file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="69"/>
        <source>That document is already open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="111"/>
        <source>The open document&apos;s typing is not saved yet; try again once the status bar says “saved”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="128"/>
        <source>That password does not open “{0}”. Try again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="130"/>
        <source>“{0}” is protected by a password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="133"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="96"/>
        <source>Different document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="97"/>
        <source>Continue with this review anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="139"/>
        <source>Folder of page files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="144"/>
        <source>Import transcripts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="146"/>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PageListModel</name>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="56"/>
        <source>unreviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="57"/>
        <source>in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="58"/>
        <source>approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="59"/>
        <source>flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="82"/>
        <source>Page {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="98"/>
        <source>Agrees {0:.1f}% with the alternate reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="102"/>
        <source>{0} unreadable-text marker(s) left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PageScopeBox</name>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="157"/>
        <source>Pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="162"/>
        <source>All pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="163"/>
        <source>Pages:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="164"/>
        <source>Selected pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="165"/>
        <source>Unprocessed pages (never read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="166"/>
        <source>Failed pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="169"/>
        <source>e.g. 3-12, 15</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="170"/>
        <source>Page range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="191"/>
        <source>Also pages with edits or approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="194"/>
        <source>Normally pages a person has edited or approved are skipped. Ticked, they are read too, but never overwritten: the reading is added to their history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="219"/>
        <source>No pages are selected in the page list.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PageView</name>
    <message>
        <location filename="../../gui/widgets/page_view.py" line="76"/>
        <source>Page image</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerDialog</name>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="38"/>
        <source>VRAM planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="49"/>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="50"/>
        <source>Weights:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="51"/>
        <source>KV cache per token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="52"/>
        <source>Vision tokens per page:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="53"/>
        <source>Tokens per page:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="54"/>
        <source>KV cache available:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="55"/>
        <source>Pages that fit at once:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="56"/>
        <source>Notes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="73"/>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="78"/>
        <source>Equivalent command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="79"/>
        <source>Copy as &amp;JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="81"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="83"/>
        <source>Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="109"/>
        <source>Choose a model&apos;s config.json or its folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="128"/>
        <source>from the safetensors index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="129"/>
        <source>estimated from the config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="131"/>
        <source>the quantized checkpoint&apos;s size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="134"/>
        <source>{0}, {1:.1f}B parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="139"/>
        <source>{0:.1f} GiB {1} ({2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="142"/>
        <source>{0:,} bytes ({1}, {2} of {3} layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="148"/>
        <source>{0:,} ({1}×{2} px)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="152"/>
        <source>{0:.1f} GiB ({1:,} tokens)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerInputs</name>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="52"/>
        <source>a model&apos;s config.json, or its folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="53"/>
        <source>Model &amp;config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="54"/>
        <source>F&amp;older…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="55"/>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="56"/>
        <location filename="../../gui/servers/planner_inputs.py" line="184"/>
        <source>none: the weights are estimated from the config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="58"/>
        <source>&amp;Index…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="60"/>
        <source>model.safetensors.index.json: the exact size of the weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="62"/>
        <source>Safetensors index:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="71"/>
        <source>&amp;GPU memory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="76"/>
        <source>vLLM&apos;s --gpu-memory-utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="77"/>
        <source>GPU memory &amp;utilization:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="80"/>
        <source>&amp;Weights dtype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="83"/>
        <source>auto: the model&apos;s own 16-bit dtype; fp8 halves it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="84"/>
        <source>&amp;KV cache dtype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="88"/>
        <source>A4 at {0} dpi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="89"/>
        <source>Custom size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="94"/>
        <source>&amp;Page size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="96"/>
        <source>the model&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="97"/>
        <source>The server&apos;s image budget (max_pixels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="98"/>
        <source>Image budget (pixels):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="100"/>
        <source>P&amp;rompt tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="102"/>
        <source>&amp;Max tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="104"/>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="105"/>
        <source>Max &amp;num seqs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="132"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="139"/>
        <source>A model&apos;s config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="143"/>
        <source>A model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="146"/>
        <source>A safetensors index</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemModel</name>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="323"/>
        <source>Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="323"/>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="366"/>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="366"/>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PromptEditor</name>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="46"/>
        <source>Prompt preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="47"/>
        <source>Use a preset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="55"/>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="58"/>
        <source>Save for this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="59"/>
        <source>Read this page with this prompt from now on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="60"/>
        <source>Save for whole document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="62"/>
        <source>Read every page with this prompt, except pages with their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="64"/>
        <source>Reset to default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="66"/>
        <source>Put the default prompt in the editor (save it to keep it; Ctrl+Z undoes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="120"/>
        <source>Prompt for this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="121"/>
        <source>Document prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="122"/>
        <source>Default prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="126"/>
        <source>{0} · edited, not saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReadingCompare</name>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="42"/>
        <location filename="../../gui/ocr/reading_compare.py" line="47"/>
        <source>Working text now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="50"/>
        <source>New reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="57"/>
        <source>Accept new reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="58"/>
        <source>Make it the working text (Ctrl+Shift+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="59"/>
        <source>Insert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="60"/>
        <source>Insert the region&apos;s text at the cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="61"/>
        <source>Replace selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="62"/>
        <source>Replace the selected text with the region&apos;s text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="64"/>
        <source>The new reading stays in the page&apos;s history (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="99"/>
        <source>New reading of page {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="100"/>
        <source>New reading (changes marked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="108"/>
        <source>Keep current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="113"/>
        <source>Reading of a region of page {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="114"/>
        <source>Text of the region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="120"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="147"/>
        <source>Cut off at the token limit ({0:,} tokens): the end of the page is missing. Raise max tokens and run again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="154"/>
        <source>The model&apos;s thinking ({0:,} characters) was found and left out of the text; it is kept in the version&apos;s details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="159"/>
        <source>The reading is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="165"/>
        <source>prompt {0} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="166"/>
        <source>answer {0} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="167"/>
        <source>{0:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="170"/>
        <source>first token after {0:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResumeBar</name>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="125"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="126"/>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="127"/>
        <source>Forget the unfinished batch; pages it read stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="140"/>
        <source>Resume the unfinished batch ({0} pages left)?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewController</name>
    <message>
        <location filename="../../gui/review/controller.py" line="191"/>
        <source>Your text is not saved yet; staying on this page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="274"/>
        <source>Note saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="280"/>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="290"/>
        <source>Your text is not saved yet; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="312"/>
        <source>Version #{0} restored as a new version.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewNavigator</name>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="88"/>
        <source>The review aids are not ready for this page yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="90"/>
        <source>The comparison is being updated…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="191"/>
        <source>Going on to page {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="198"/>
        <source>No more markers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="198"/>
        <source>No earlier markers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="200"/>
        <source>No alternate reading for this page: run one in the Compare dock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="201"/>
        <source>No more differences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="201"/>
        <source>No earlier differences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="255"/>
        <source>Go to a difference first (F8).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="68"/>
        <source>The alternate reading to compare with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="69"/>
        <source>Alternate reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="73"/>
        <source>Offline OCR engine for a second reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="74"/>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="76"/>
        <source>This page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="77"/>
        <source>All pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="78"/>
        <source>Pages to read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="79"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="80"/>
        <location filename="../../gui/aids/compare_panel.py" line="294"/>
        <source>Read with this engine and store it as an alternate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="81"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="82"/>
        <source>Stop; the pages already read are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="91"/>
        <source>Page agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="94"/>
        <source>Document summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="95"/>
        <source>Ignore when comparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="97"/>
        <source>Underline tokens the model was unsure of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="104"/>
        <source>Alternate reading text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="106"/>
        <source>No alternate reading for this page: run an engine above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="111"/>
        <source>Differences and markers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="114"/>
        <source>Accept alternate&apos;s reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="176"/>
        <source>Spaces and line breaks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="177"/>
        <source>Full/half-width forms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="178"/>
        <source>Variant characters (爲/為)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="179"/>
        <source>Unreadable-text markers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="180"/>
        <source>Punctuation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="181"/>
        <source>Equivalent punctuation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="182"/>
        <source>Markdown formatting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="183"/>
        <source>Chinese/Arabic numerals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="184"/>
        <source>Name masks ○ read as 。/O/0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="185"/>
        <source>Reading order of lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="215"/>
        <source>No alternate reading to compare this page with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="218"/>
        <source>Agreement on this page: {0:.1f}% · {1} difference(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="230"/>
        <source>{0} {1} of {2}: {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="245"/>
        <source>{0} of {1} page(s) compared, mean agreement {2:.1f}%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="249"/>
        <source>No page compared yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="251"/>
        <source>{0} · {1} marker(s) left · {2} critical difference(s) open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="305"/>
        <source>Reading {0} page(s) with {1}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewQueue</name>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="194"/>
        <source>Review Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="270"/>
        <source>Review &amp;Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="276"/>
        <source>Next &amp;Legal-Critical Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="284"/>
        <source>Previous Legal-Critical Ite&amp;m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="298"/>
        <source>No legal-critical disagreements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="311"/>
        <source>Wrapped around to the first legal-critical item.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="313"/>
        <source>Wrapped around to the last legal-critical item.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewQueueModel</name>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="108"/>
        <source>Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="108"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="108"/>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="112"/>
        <source>Article</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="113"/>
        <source>Modal word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="114"/>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="115"/>
        <source>Number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="116"/>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="117"/>
        <source>Case number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="118"/>
        <source>Masked name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="119"/>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="120"/>
        <source>Party role</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewQueuePanel</name>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="135"/>
        <source>Legal-critical items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="156"/>
        <source>No legal-critical disagreements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="159"/>
        <source>{0} legal-critical item(s) on {1} page(s). Ctrl+F8: next.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunComparison</name>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="379"/>
        <source>Compare &amp;Runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="389"/>
        <source>Open a document first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunSettings</name>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="74"/>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="75"/>
        <source>No server: add one in OCR ▸ Servers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="82"/>
        <source>The longest answer allowed, in tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="88"/>
        <source>0 reads the most likely text; raise it to retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="95"/>
        <source>Above 1.0 discourages repeating itself (long tables can loop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="99"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="100"/>
        <source>A fixed seed makes sampled readings repeatable (0 = none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="101"/>
        <source>Keep token confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="103"/>
        <source>Ask for each token&apos;s log-probability and keep it with the reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="105"/>
        <source>Thinking off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="108"/>
        <source>Ask reasoning models not to think first (faster; the whole budget is text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="112"/>
        <source>Token estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="115"/>
        <source>&amp;Server:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="118"/>
        <source>Max &amp;tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="120"/>
        <source>T&amp;emperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="128"/>
        <source>&amp;Repetition penalty:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="130"/>
        <source>See&amp;d:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="137"/>
        <source>Token estimate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="186"/>
        <source>image ≤ {0:,} + prompt ≈ {1:,} + answer ≤ {2:,} = {3:,}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="193"/>
        <source>of {0:,} (server context)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="195"/>
        <source>(the server&apos;s context is learned on the first run)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="36"/>
        <source>OCR status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="73"/>
        <source>Reading — about {0:,} tokens — {1:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="75"/>
        <source>Waiting for the first token — {0:.0f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="77"/>
        <source>(the server may be starting: cold start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="79"/>
        <source>Connecting… {0:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="92"/>
        <source>The server said: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchPanel</name>
    <message>
        <location filename="../../gui/review/search_panel.py" line="30"/>
        <source>Search all pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="36"/>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="59"/>
        <source>p. {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="64"/>
        <source>{0} page(s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerChecks</name>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="89"/>
        <location filename="../../gui/servers/server_checks.py" line="91"/>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="111"/>
        <source>Something went wrong: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="123"/>
        <source>{0} model(s) offered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="125"/>
        <source>The server offers no models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="141"/>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerForm</name>
    <message>
        <location filename="../../gui/servers/server_form.py" line="64"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="67"/>
        <source>http://127.0.0.1:8000/v1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="68"/>
        <source>Base &amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="71"/>
        <source>Pages would travel unencrypted (http://) to another machine: anyone on the network in between could read these confidential documents. Use https:// if the server offers it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="83"/>
        <source>Clear key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="85"/>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="93"/>
        <source>&amp;Fetch models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="95"/>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="98"/>
        <source>Serverless endpoints that scale to zero need minutes to start: the first token can take several minutes after a quiet spell, so keep this generous.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="101"/>
        <source>Time allowed to open a connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="103"/>
        <source>Time allowed for a whole page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="104"/>
        <source>Connect timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="105"/>
        <source>First token timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="106"/>
        <source>Total timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="110"/>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="112"/>
        <source>0 = automatic: from the server&apos;s load, or a safe default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="114"/>
        <source>Pages in flight:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="121"/>
        <source>Image budget (pixels):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="124"/>
        <source>JPEG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="125"/>
        <source>PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="126"/>
        <source>Image format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="129"/>
        <location filename="../../gui/servers/server_form.py" line="177"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="132"/>
        <source>Empty: connect directly. The system proxy settings (HTTP_PROXY and the like) are never used; only a proxy entered here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="136"/>
        <source>&amp;Proxy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="138"/>
        <source>Verify the server&apos;s TLS certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="141"/>
        <source>&amp;Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="177"/>
        <source>unchanged (type to replace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="243"/>
        <source>{0} — max {1} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="275"/>
        <source>Saved in the system keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="277"/>
        <source>Kept for this session only: no system keyring found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="280"/>
        <source>The key will be removed when you save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="288"/>
        <source>≈ {0:,} image tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="300"/>
        <source>Stop verifying TLS?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="302"/>
        <source>Without verifying the certificate, anyone who can intercept the connection could pose as the server and read every page sent. Only do this for a server you run yourself with a self-signed certificate. Stop verifying?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerListModel</name>
    <message>
        <location filename="../../gui/servers/server_list_model.py" line="53"/>
        <source>no model chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_list_model.py" line="63"/>
        <source>Used for re-runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerTools</name>
    <message>
        <location filename="../../gui/servers/tools.py" line="28"/>
        <source>&amp;Servers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/tools.py" line="35"/>
        <source>&amp;Local vLLM Server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/tools.py" line="42"/>
        <source>&amp;VRAM Planner…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServersDialog</name>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="61"/>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="73"/>
        <source>Server profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="75"/>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="76"/>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="77"/>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="78"/>
        <source>Use for &amp;re-runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="79"/>
        <source>Re-runs of a page or region are sent to this server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="94"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="96"/>
        <source>Save this server (Ctrl+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="98"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="151"/>
        <location filename="../../gui/servers/servers_dialog.py" line="200"/>
        <source>New server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="153"/>
        <source>{0} — not saved yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="155"/>
        <source>{0} — unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="198"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="199"/>
        <source>Save the changes to “{0}”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="237"/>
        <source>{0} (copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="249"/>
        <source>Remove the server “{0}”? Its saved API key is deleted too. Pages already read stay as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="252"/>
        <source>Remove server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="267"/>
        <source>Give the server a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="280"/>
        <source>The server list could not be saved: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="284"/>
        <source>Saved. The API key is kept for this session only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="286"/>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ShellActions</name>
    <message>
        <location filename="../../gui/shell/menus.py" line="125"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="134"/>
        <source>&amp;Import Transcripts (JSONL)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="142"/>
        <source>Import Transcripts from a &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="150"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="155"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="161"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="163"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="166"/>
        <source>&amp;Find in Page…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="171"/>
        <source>Find &amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="179"/>
        <source>&amp;Search All Pages…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="193"/>
        <source>&amp;Next Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="201"/>
        <source>&amp;Previous Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="207"/>
        <source>&amp;First Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="209"/>
        <source>&amp;Last Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="210"/>
        <source>&amp;Go to Page…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="214"/>
        <source>&amp;Approve and Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="223"/>
        <source>&amp;Flag for Another Look</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="231"/>
        <source>Mark &amp;Unreviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="243"/>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="251"/>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="259"/>
        <source>Fit &amp;Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="267"/>
        <source>Fit &amp;Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="275"/>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="295"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="297"/>
        <source>Where Are My &amp;Backups?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="307"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="318"/>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="333"/>
        <source>Go to Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="334"/>
        <source>Page number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="348"/>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="356"/>
        <source>Backups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="358"/>
        <source>The review is backed up on close and every 30 minutes, older backups thinned to one a day, then one a week.

Backups of this document:
{0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <location filename="../../gui/services/tasks.py" line="55"/>
        <source>Something went wrong: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TranscriptEditor</name>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="57"/>
        <source>Transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="58"/>
        <source>No transcript for this page yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="73"/>
        <source>Find in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="76"/>
        <source>Previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="77"/>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="78"/>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="158"/>
        <source>{0} match(es)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="158"/>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>self.hub</name>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="133"/>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
