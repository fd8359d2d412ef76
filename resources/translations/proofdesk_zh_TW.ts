<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name></name>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="353"/>
        <source>Cannot run {0}: {1}</source>
        <translation>無法執行 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="357"/>
        <source>Importing vllm in {0} took too long.</source>
        <translation>在 {0} 中載入 vllm 的時間過長。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="368"/>
        <source>vLLM is not installed in this Python. Install it there with: pip install &apos;proofdesk[server]&apos;</source>
        <translation>此 Python 未安裝 vLLM。請在該環境執行：pip install &apos;proofdesk[server]&apos;</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="372"/>
        <source>vLLM is installed but cannot be loaded: {0}</source>
        <translation>vLLM 已安裝，但無法載入：{0}</translation>
    </message>
</context>
<context>
    <name>AcceptGuard</name>
    <message>
        <location filename="../../gui/aids/accept_guard.py" line="31"/>
        <source>It deletes “{0}” from the transcript.</source>
        <translation>這會從逐字稿刪除「{0}」。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/accept_guard.py" line="36"/>
        <source>The change covers an unreadable-text marker.</source>
        <translation>這項變更涵蓋一個無法辨識文字的標示。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/accept_guard.py" line="42"/>
        <source>It changes a legal-critical term: {0}</source>
        <translation>這會變更法律關鍵用語：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/accept_guard.py" line="50"/>
        <source>The alternate has no text at this place.</source>
        <translation>替代辨識結果在此處沒有文字。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/accept_guard.py" line="55"/>
        <source>The alternate is unsure of its own reading here (score {0}%).</source>
        <translation>替代辨識結果對此處的辨識沒有把握（信心分數 {0}%）。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/accept_guard.py" line="62"/>
        <source>Accept the alternate&apos;s reading here?

{0}</source>
        <translation>要在此處採用替代辨識結果嗎？

{0}</translation>
    </message>
</context>
<context>
    <name>AidsHub</name>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="353"/>
        <source>Page {0}: {1}</source>
        <translation>第 {0} 頁：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="369"/>
        <source>The run failed: {0}</source>
        <translation>執行失敗：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="385"/>
        <source>Stopped; {0} page(s) read.</source>
        <translation>已停止；已辨識 {0} 頁。</translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="389"/>
        <source>{0} page(s) read.</source>
        <translation>已辨識 {0} 頁。</translation>
    </message>
    <message>
        <location filename="../../gui/services/aids_hub.py" line="393"/>
        <source>{0} page(s) could not be stored: {1}</source>
        <translation>有 {0} 頁無法儲存：{1}</translation>
    </message>
</context>
<context>
    <name>AlternatesModel</name>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="31"/>
        <source>Imported</source>
        <translation>匯入</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="39"/>
        <source>unknown engine</source>
        <translation>不明引擎</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="53"/>
        <source>{0} (reading #{1}) — {2}</source>
        <translation>{0}（辨識結果 #{1}）— {2}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="55"/>
        <source>Imported text #{0} — {1}</source>
        <translation>匯入文字 #{0} — {1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="56"/>
        <source>{0} — {1}</source>
        <translation>{0} — {1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="58"/>
        <source>Version #{0}</source>
        <translation>版本 #{0}</translation>
    </message>
</context>
<context>
    <name>ApprovalCheck</name>
    <message>
        <location filename="../../gui/aids/approval.py" line="93"/>
        <source>… and {0} more</source>
        <translation>…… 另有 {0} 項</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="76"/>
        <source>This page has {0} open legal-critical item(s):
{1}</source>
        <translation>本頁有 {0} 個未處理的法律關鍵項目：
{1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="69"/>
        <source>This page has {0} whole-page problem(s):
{1}</source>
        <translation>本頁有 {0} 個整頁問題：
{1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="83"/>
        <source>It still has {0} unreadable-text marker(s): {1}</source>
        <translation>仍有 {0} 個無法辨識文字的標示：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="87"/>
        <source>Approve it anyway?</source>
        <translation>仍要核可嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="105"/>
        <source>Put the cursor on a marker such as 【模糊】 first.</source>
        <translation>請先將游標移到【模糊】之類的標示上。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="116"/>
        <source>“{0}” counts as a marker again.</source>
        <translation>「{0}」重新視為標示。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/approval.py" line="118"/>
        <source>“{0}” is marked as the document&apos;s own text.</source>
        <translation>「{0}」已標為文件本身的文字。</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <location filename="../../gui/review/autosave.py" line="136"/>
        <source>page {0}&apos;s text is longer than the {1} characters a page can hold; it stays in the editor, and is saved once it is shortened</source>
        <translation>第 {0} 頁的文字超過每頁可保存的 {1} 個字元；文字仍保留在編輯器中，縮短後即會儲存</translation>
    </message>
</context>
<context>
    <name>BatchPanel</name>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="222"/>
        <location filename="../../gui/ocr/batch_panel.py" line="239"/>
        <location filename="../../gui/ocr/batch_panel.py" line="356"/>
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="353"/>
        <source>Retry failed pages</source>
        <translation>重試失敗的頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="142"/>
        <source>A batch is already running.</source>
        <translation>已有批次正在執行。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="73"/>
        <source>Local model:</source>
        <translation>本機模型：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="145"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="149"/>
        <source>Tick at least one server to read the pages.</source>
        <translation>請至少勾選一部伺服器來辨識頁面。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="165"/>
        <location filename="../../gui/ocr/batch_panel.py" line="226"/>
        <source>Starting…</source>
        <translation>正在啟動…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="177"/>
        <source>The batch was stopped; the pages already read are stored.</source>
        <translation>批次已停止；已辨識的頁面都已儲存。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="191"/>
        <source>Nothing to read: no page matches that choice.</source>
        <translation>沒有要辨識的頁面：沒有頁面符合所選條件。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="193"/>
        <source>Finished: {0} pages read, {1} failed.</source>
        <translation>完成：已辨識 {0} 頁，{1} 頁失敗。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="196"/>
        <source>{0} pages with a person&apos;s edits or approval were left as they are.</source>
        <translation>有 {0} 頁含有人工編輯或已核可，維持原狀。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="222"/>
        <location filename="../../gui/ocr/batch_panel.py" line="239"/>
        <source>Resume</source>
        <translation>繼續</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="254"/>
        <source>Cancel the batch</source>
        <translation>取消批次</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="256"/>
        <source>Stop reading pages? The pages already read stay stored; the rest can be resumed later.</source>
        <translation>要停止辨識頁面嗎？已辨識的頁面會保留，其餘頁面稍後可以繼續。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="276"/>
        <source>Cancelled. {0} pages read are stored; {1} can be resumed.</source>
        <translation>已取消。已儲存 {0} 頁辨識結果；{1} 頁可稍後繼續。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="323"/>
        <source>The unfinished batch was discarded; the pages it read stay stored.</source>
        <translation>未完成的批次已捨棄；已辨識的頁面仍保留。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_panel.py" line="351"/>
        <source>Retry failed pages ({0})</source>
        <translation>重試失敗的頁面（{0}）</translation>
    </message>
</context>
<context>
    <name>BatchPanelView</name>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="58"/>
        <source>Servers</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="59"/>
        <source>Tick several servers to spread the pages over them.</source>
        <translation>勾選多部伺服器，可將頁面分散給它們處理。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="65"/>
        <source>The longest answer allowed for one page, in tokens.</source>
        <translation>單頁回應允許的最大長度（token 數）。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="67"/>
        <source>Servers:</source>
        <translation>伺服器：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="68"/>
        <source>Max tokens:</source>
        <translation>最大 token 數：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="70"/>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="71"/>
        <source>Read the chosen pages (Ctrl+B shows this panel).</source>
        <translation>辨識所選頁面（Ctrl+B 顯示此面板）。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="72"/>
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="74"/>
        <source>Start no new page; pages being read finish.</source>
        <translation>不再開始新頁面；辨識中的頁面會完成。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="75"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="81"/>
        <source>%v / %m pages</source>
        <translation>%v / %m 頁</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="94"/>
        <source>Problem pages</source>
        <translation>問題頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="95"/>
        <source>Double-click a page to open it.</source>
        <translation>按兩下頁面即可開啟。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="101"/>
        <source>Retry failed pages</source>
        <translation>重試失敗的頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="110"/>
        <source>Problem pages:</source>
        <translation>問題頁面：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="128"/>
        <source>{0}: unreachable — retrying its pages elsewhere</source>
        <translation>{0}：無法連線 — 改由其他伺服器重試其頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="130"/>
        <source>{0}: unreachable — retrying</source>
        <translation>{0}：無法連線 — 重試中</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="133"/>
        <source>{0}: not used any more — {1}</source>
        <translation>{0}：不再使用 — {1}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="144"/>
        <source>{0} done · {1} failed · {2} in flight · {3:.1f} pages/min · {4:.0f} tokens/s · ETA {5}</source>
        <translation>已完成 {0} · 失敗 {1} · 處理中 {2} · 每分鐘 {3:.1f} 頁 · 每秒 {4:.0f} token · 預計剩餘 {5}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="154"/>
        <source>{0} retrying</source>
        <translation>重試中 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_view.py" line="156"/>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
</context>
<context>
    <name>CompareDock</name>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="31"/>
        <source>Compare</source>
        <translation>比對</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="69"/>
        <source>&amp;Compare with Alternate Reading</source>
        <translation>與替代辨識結果比對(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="78"/>
        <source>&amp;Next Difference</source>
        <translation>下一個差異(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="86"/>
        <source>&amp;Previous Difference</source>
        <translation>上一個差異(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="94"/>
        <source>Next &amp;Marker</source>
        <translation>下一個標示(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="102"/>
        <source>Previous Mar&amp;ker</source>
        <translation>上一個標示(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="110"/>
        <source>&amp;Accept Alternate&apos;s Reading</source>
        <translation>採用替代辨識結果(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="119"/>
        <source>Marker Is the Document&apos;s &amp;Own Text</source>
        <translation>標示為文件本身的文字(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="126"/>
        <source>&amp;Read This Page with an Offline Engine</source>
        <translation>以離線引擎辨識本頁(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="133"/>
        <source>Marker Pa&amp;tterns…</source>
        <translation>標示樣式(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="140"/>
        <source>Underline &amp;Low-Confidence Tokens</source>
        <translation>標出低信心度的 token(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_dock.py" line="153"/>
        <source>Replace this difference with what the alternate reads ({0})</source>
        <translation>以替代辨識結果取代此處差異（{0}）</translation>
    </message>
</context>
<context>
    <name>ConflictView</name>
    <message>
        <location filename="../../gui/team/conflict_view.py" line="15"/>
        <source>Page changed by someone else</source>
        <translation>頁面已被他人變更</translation>
    </message>
    <message>
        <location filename="../../gui/team/conflict_view.py" line="19"/>
        <source>Struck through: only in {name}&apos;s version. Underlined: only in yours.</source>
        <translation>刪除線：只在 {name} 的版本中。底線：只在您的版本中。</translation>
    </message>
</context>
<context>
    <name>DiagnosesModel</name>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="148"/>
        <source>⚠ Whole page — {0}: {1}</source>
        <translation>⚠ 整頁問題 — {0}：{1}</translation>
    </message>
</context>
<context>
    <name>EvalDialog</name>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="98"/>
        <source>Compare Runs</source>
        <translation>比對辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="121"/>
        <source>current, kind:ocr, engine:NAME, model:NAME, prompt:HASH, version:ID, or a folder / JSONL file of gold text</source>
        <translation>current、kind:ocr、engine:名稱、model:名稱、prompt:雜湊值、version:編號，或存放標準文本的資料夾／JSONL 檔</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="125"/>
        <source>Gold Text…</source>
        <translation>標準文本…</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="131"/>
        <source>all pages (or e.g. 1-5, 9)</source>
        <translation>所有頁面（或例如 1-5、9）</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="133"/>
        <source>Run &amp;A:</source>
        <translation>辨識結果 A(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="134"/>
        <source>Run &amp;B (reference):</source>
        <translation>辨識結果 B（參考）(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="135"/>
        <source>&amp;Pages:</source>
        <translation>頁面(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="139"/>
        <source>Pages compared</source>
        <translation>比對頁數</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="142"/>
        <source>Critical disagreements</source>
        <translation>關鍵歧異</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="148"/>
        <source>&amp;Compare</source>
        <translation>比對(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="151"/>
        <source>Copy as &amp;Markdown</source>
        <translation>複製為 Markdown(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="191"/>
        <source>Folder of Gold Text</source>
        <translation>標準文本資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="205"/>
        <source>“{0}” is not a page or page range.</source>
        <translation>「{0}」不是頁碼或頁碼範圍。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="209"/>
        <source>Comparing…</source>
        <translation>比對中…</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="224"/>
        <source>The comparison failed.</source>
        <translation>比對失敗。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="265"/>
        <source>{0} of {1} page(s) compared · mean agreement {2} · differences: layout {3}, punctuation {4}, glyph {5}, substantive {6} · {7} critical disagreement(s)</source>
        <translation>已比對 {0}／{1} 頁 · 平均一致率 {2} · 差異：版面 {3}、標點 {4}、字形 {5}、實質 {6} · 關鍵歧異 {7} 處</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="276"/>
        <source> · CER {0}</source>
        <translation> · 字元錯誤率 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="288"/>
        <source>## Run comparison: {0} vs {1}</source>
        <translation>## 辨識結果比對：{0} 對 {1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="303"/>
        <source>### Critical disagreements</source>
        <translation>### 關鍵歧異</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="305"/>
        <source>- p. {0} ({1}): {2}</source>
        <translation>- 第 {0} 頁（{1}）：{2}</translation>
    </message>
</context>
<context>
    <name>EvalPagesModel</name>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="43"/>
        <source>Page</source>
        <translation>頁</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="44"/>
        <source>Agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="45"/>
        <source>Layout</source>
        <translation>版面</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="46"/>
        <source>Punctuation</source>
        <translation>標點</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="47"/>
        <source>Glyph</source>
        <translation>字形</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="48"/>
        <source>Substantive</source>
        <translation>實質</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="49"/>
        <source>Critical</source>
        <translation>關鍵</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="53"/>
        <source>CER</source>
        <translation>字元錯誤率</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="54"/>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="54"/>
        <source>Whole-page problems</source>
        <translation>整頁問題</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_pages.py" line="72"/>
        <source>no text for {0}</source>
        <translation>{0} 沒有文字</translation>
    </message>
</context>
<context>
    <name>ExportAction</name>
    <message>
        <location filename="../../gui/export/export_action.py" line="22"/>
        <source>&amp;Export…</source>
        <translation>匯出(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_action.py" line="32"/>
        <source>Open a document to export it.</source>
        <translation>請先開啟文件再匯出。</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="88"/>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="117"/>
        <source>all pages (or e.g. 1-20, 25)</source>
        <translation>所有頁面（或例如 1-20、25）</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="118"/>
        <source>Only &amp;approved pages</source>
        <translation>僅限已核可頁面(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="119"/>
        <source>&amp;Remove markers such as 【模糊】</source>
        <translation>移除【模糊】之類的標示(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="121"/>
        <source>Form feed</source>
        <translation>換頁字元</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="122"/>
        <source>A line “--- page N ---”</source>
        <translation>一行「--- page N ---」</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="124"/>
        <source>&amp;Browse…</source>
        <translation>瀏覽(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="129"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="130"/>
        <source>&amp;Pages:</source>
        <translation>頁面(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="133"/>
        <source>Page &amp;separator:</source>
        <translation>頁面分隔(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="134"/>
        <source>&amp;Save as:</source>
        <translation>另存為(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="142"/>
        <source>&amp;Export</source>
        <translation>匯出(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="144"/>
        <location filename="../../gui/export/export_dialog.py" line="360"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="137"/>
        <source>Preview of the file&apos;s beginning</source>
        <translation>檔案開頭的預覽</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="151"/>
        <source>Preview (the file&apos;s beginning):</source>
        <translation>預覽（檔案開頭）：</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="70"/>
        <source>All files (*)</source>
        <translation>所有檔案 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="67"/>
        <source>Export to</source>
        <translation>匯出至</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="251"/>
        <source>The preview failed: {0}</source>
        <translation>預覽失敗：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="258"/>
        <source>(no page to export with these options)</source>
        <translation>（依這些選項沒有可匯出的頁面）</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="278"/>
        <source>Choose where to save the export.</source>
        <translation>請選擇匯出檔案的儲存位置。</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="65"/>
        <source>Export to a new folder</source>
        <translation>匯出至新資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="83"/>
        <source>Replace folder?</source>
        <translation>取代資料夾？</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="84"/>
        <source>“{0}” already exists. Replace it and every file in it?</source>
        <translation>「{0}」已存在。要取代它及其中的所有檔案嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="90"/>
        <source>Replace file?</source>
        <translation>要取代檔案嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_path.py" line="91"/>
        <source>“{0}” already exists. Replace it?</source>
        <translation>「{0}」已存在。要取代嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="293"/>
        <source>The export was cancelled; nothing was written.</source>
        <translation>匯出已取消；未寫入任何內容。</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="300"/>
        <source>The export failed: {0}</source>
        <translation>匯出失敗：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="339"/>
        <source>Exported {0} page(s) to {1}.</source>
        <translation>已將 {0} 頁匯出至 {1}。</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="345"/>
        <source>Warning: page(s) {0} are not approved; the export is marked as such.</source>
        <translation>警告：第 {0} 頁尚未核可；匯出檔已註明此事。</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="349"/>
        <source>Left out (not approved): {0}.</source>
        <translation>未收錄（未核可）：{0}。</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="360"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/export/export_dialog.py" line="363"/>
        <source>Exporting…</source>
        <translation>匯出中…</translation>
    </message>
</context>
<context>
    <name>FactsDock</name>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="92"/>
        <source>Facts</source>
        <translation>文件要項</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="112"/>
        <source>&amp;Facts</source>
        <translation>文件要項(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="199"/>
        <source>Reading the document&apos;s facts: {0} of {1} pages…</source>
        <translation>正在讀取文件要項：已讀 {0} 頁，共 {1} 頁…</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="243"/>
        <source>{0} fact(s); {1} read differently across pages.</source>
        <translation>共 {0} 項要項；其中 {1} 項在各頁讀法不一。</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="289"/>
        <source>“{0}” is what most pages read; choose another spelling to change.</source>
        <translation>「{0}」是多數頁面的讀法；請選擇要修改的其他寫法。</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="319"/>
        <source>Export Glossary</source>
        <translation>匯出詞彙表</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="319"/>
        <source>Glossary (*.json)</source>
        <translation>詞彙表 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="328"/>
        <source>Import Glossary</source>
        <translation>匯入詞彙表</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="328"/>
        <source>Glossary (*.json *.tsv *.txt)</source>
        <translation>詞彙表 (*.json *.tsv *.txt)</translation>
    </message>
</context>
<context>
    <name>FactsModel</name>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="60"/>
        <source>Case number</source>
        <translation>案號</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="61"/>
        <source>Party</source>
        <translation>當事人</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="62"/>
        <source>Amount</source>
        <translation>金額</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="63"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="64"/>
        <source>Statute</source>
        <translation>法條</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="65"/>
        <source>Exhibit</source>
        <translation>證物與附表</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="66"/>
        <source>Glossary term</source>
        <translation>詞彙表用語</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="154"/>
        <source>— read differently</source>
        <translation>——各頁讀法不一</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="137"/>
        <source>Its variants look like one value misread.</source>
        <translation>這些寫法看來是同一個值被誤讀。</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="161"/>
        <source>{0}: p. {1} (the majority)</source>
        <translation>{0}：第 {1} 頁（多數讀法）</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="162"/>
        <source>{0}: p. {1}</source>
        <translation>{0}：第 {1} 頁</translation>
    </message>
    <message>
        <location filename="../../gui/facts/facts_model.py" line="165"/>
        <source>p. {0}: {1}</source>
        <translation>第 {0} 頁：{1}</translation>
    </message>
</context>
<context>
    <name>FactsPanel</name>
    <message>
        <location filename="../../gui/facts/facts_dock.py" line="62"/>
        <source>Facts</source>
        <translation>文件要項</translation>
    </message>
</context>
<context>
    <name>FlagsModel</name>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="81"/>
        <source>Difference</source>
        <translation>差異</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="82"/>
        <source>Critical</source>
        <translation>關鍵</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="83"/>
        <source>Marker</source>
        <translation>標示</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="84"/>
        <source>Unsure</source>
        <translation>不確定</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="98"/>
        <source>{0} · {1}</source>
        <translation>{0} · {1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_models.py" line="114"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
</context>
<context>
    <name>GlossaryPanel</name>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="28"/>
        <source>Glossary of this document</source>
        <translation>本文件的詞彙表</translation>
    </message>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="30"/>
        <source>Glossary terms</source>
        <translation>詞彙表用語</translation>
    </message>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="32"/>
        <source>A name, a place, a company…</source>
        <translation>人名、地名、公司名稱…</translation>
    </message>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="33"/>
        <source>&amp;Add Term</source>
        <translation>新增用語(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="34"/>
        <source>Re&amp;move Term</source>
        <translation>移除用語(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="35"/>
        <source>E&amp;xport…</source>
        <translation>匯出(&amp;X)…</translation>
    </message>
    <message>
        <location filename="../../gui/facts/glossary_panel.py" line="36"/>
        <source>&amp;Import…</source>
        <translation>匯入(&amp;I)…</translation>
    </message>
</context>
<context>
    <name>GridActions</name>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="46"/>
        <source>Insert Row &amp;Above</source>
        <translation>在上方插入列(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="47"/>
        <source>Insert Row &amp;Below</source>
        <translation>在下方插入列(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="48"/>
        <source>&amp;Delete Row</source>
        <translation>刪除列(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="49"/>
        <source>Insert Column &amp;Left</source>
        <translation>在左側插入欄(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="50"/>
        <source>Insert Column &amp;Right</source>
        <translation>在右側插入欄(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="51"/>
        <source>Delete &amp;Column</source>
        <translation>刪除欄(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="52"/>
        <source>&amp;Merge with the Cell to the Right</source>
        <translation>與右側儲存格合併(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="53"/>
        <source>Merge with the Cell Belo&amp;w</source>
        <translation>與下方儲存格合併(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/grid_actions.py" line="54"/>
        <source>&amp;Split Cell</source>
        <translation>分割儲存格(&amp;S)</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="65"/>
        <source>Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="88"/>
        <source>The page list</source>
        <translation>頁面清單</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../gui/review/history_panel.py" line="85"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="89"/>
        <source>Select a version to compare it with the one before it, or two versions to compare them.</source>
        <translation>選取一個版本可與前一版比對，選取兩個版本則比對這兩版。</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="101"/>
        <source>Restore this version</source>
        <translation>還原此版本</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="132"/>
        <location filename="../../gui/review/history_panel.py" line="139"/>
        <source>#{0} compared with #{1}</source>
        <translation>#{0} 與 #{1} 比對</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="134"/>
        <source>#{0}, the first version</source>
        <translation>#{0}，第一個版本</translation>
    </message>
</context>
<context>
    <name>ImageLink</name>
    <message>
        <location filename="../../gui/aids/image_link.py" line="253"/>
        <source>Legal-critical: {0}</source>
        <translation>法律關鍵：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/image_link.py" line="258"/>
        <source>The other reading has “{0}” here</source>
        <translation>另一份辨識結果此處為「{0}」</translation>
    </message>
    <message>
        <location filename="../../gui/aids/image_link.py" line="260"/>
        <source>The other reading lacks “{0}”</source>
        <translation>另一份辨識結果缺少「{0}」</translation>
    </message>
</context>
<context>
    <name>LanguageActions</name>
    <message>
        <location filename="../../gui/shell/language_menu.py" line="35"/>
        <source>Language: Follow the &amp;System</source>
        <translation>語言：跟隨系統(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/language_menu.py" line="60"/>
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <location filename="../../gui/shell/language_menu.py" line="61"/>
        <source>The new language is used from the next start of ProofDesk.</source>
        <translation>新的語言將於下次啟動 ProofDesk 時生效。</translation>
    </message>
</context>
<context>
    <name>LocalModelRow</name>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="97"/>
        <source>Local model…</source>
        <translation>本機模型…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="100"/>
        <source>Read pages in-process with a Qwen2-VL, Qwen2.5-VL or Qwen3-VL model folder on this computer (needs: pip install proofdesk[transformers])</source>
        <translation>在本機以 Qwen2-VL、Qwen2.5-VL 或 Qwen3-VL 模型資料夾於程式內辨識頁面（需要：pip install proofdesk[transformers]）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="105"/>
        <source>GPU if present</source>
        <translation>有 GPU 時使用 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="105"/>
        <source>GPU (CUDA)</source>
        <translation>GPU（CUDA）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="105"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="106"/>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="108"/>
        <source>dtype as configured</source>
        <translation>依設定檔的資料型別</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="109"/>
        <source>Data type</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="110"/>
        <source>Unload</source>
        <translation>卸載</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="111"/>
        <source>End the model&apos;s worker and free its memory</source>
        <translation>結束模型的工作程序並釋放記憶體</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="137"/>
        <source>Local model folder</source>
        <translation>本機模型資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="259"/>
        <source>Checking {0}…</source>
        <translation>正在檢查 {0}…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="248"/>
        <source>The folder could not be checked: {0}</source>
        <translation>無法檢查此資料夾：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="320"/>
        <source>{0}: loads on the first page</source>
        <translation>{0}：於第一頁時載入</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/local_model_row.py" line="322"/>
        <source>{0} loaded on {1} ({2})</source>
        <translation>{0} 已載入於 {1}（{2}）</translation>
    </message>
</context>
<context>
    <name>LocalServerDialog</name>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="73"/>
        <source>Local vLLM server</source>
        <translation>本機 vLLM 伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="85"/>
        <source>Server settings</source>
        <translation>伺服器設定</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="89"/>
        <source>Command line</source>
        <translation>命令列</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="92"/>
        <source>The command that runs the server. Its API key is not on it: the key is passed in the environment (VLLM_API_KEY), where other users of this machine cannot read it. The server listens on 127.0.0.1 only.</source>
        <translation>執行伺服器的命令。API 金鑰不在命令列中：金鑰經由環境變數（VLLM_API_KEY）傳遞，本機其他使用者無法讀取。伺服器只在 127.0.0.1 上接聽。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="97"/>
        <location filename="../../gui/servers/local_server_dialog.py" line="264"/>
        <source>Not running.</source>
        <translation>未執行。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="109"/>
        <source>Server log</source>
        <translation>伺服器記錄</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="110"/>
        <source>The server&apos;s output appears here.</source>
        <translation>伺服器的輸出會顯示在這裡。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="112"/>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="115"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="117"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="118"/>
        <source>Closing this window leaves the server running.</source>
        <translation>關閉此視窗後，伺服器仍會繼續執行。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="130"/>
        <source>Command line:</source>
        <translation>命令列：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="210"/>
        <source>The server could not be started: {0}</source>
        <translation>無法啟動伺服器：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="218"/>
        <source>Ready at {0}</source>
        <translation>已就緒：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="226"/>
        <source>Starting… {0} s</source>
        <translation>啟動中… {0} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="235"/>
        <source>The local server stopped unexpectedly (exit code {0}).</source>
        <translation>本機伺服器意外停止（結束代碼 {0}）。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="252"/>
        <source>It was ended by {0}.</source>
        <translation>已被 {0} 終止。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="258"/>
        <source>Likely causes:</source>
        <translation>可能原因：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="261"/>
        <source>See the log below for details.</source>
        <translation>詳細資訊請見下方記錄。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="277"/>
        <source>Stopping…</source>
        <translation>停止中…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="291"/>
        <source>Stopped (exit code {0}).</source>
        <translation>已停止（結束代碼 {0}）。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="326"/>
        <source>Checking {0}…</source>
        <translation>正在檢查 {0}…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_dialog.py" line="329"/>
        <source>vLLM {0} is installed in this Python.</source>
        <translation>此 Python 已安裝 vLLM {0}。</translation>
    </message>
</context>
<context>
    <name>LocalServerForm</name>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="46"/>
        <source>a model folder, or a name such as Qwen/Qwen3-VL-8B</source>
        <translation>模型資料夾，或例如 Qwen/Qwen3-VL-8B 的名稱</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="47"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="48"/>
        <source>Folder…</source>
        <translation>資料夾…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="51"/>
        <source>the model&apos;s own name</source>
        <translation>模型本身的名稱</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="53"/>
        <source>The Python interpreter that has vLLM installed.</source>
        <translation>已安裝 vLLM 的 Python 直譯器。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="54"/>
        <source>File…</source>
        <translation>檔案…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="56"/>
        <source>Check</source>
        <translation>檢查</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="57"/>
        <source>See whether vLLM is installed in this Python.</source>
        <translation>檢查此 Python 是否已安裝 vLLM。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="62"/>
        <location filename="../../gui/servers/local_server_form.py" line="68"/>
        <location filename="../../gui/servers/local_server_form.py" line="69"/>
        <source>vLLM&apos;s default</source>
        <translation>vLLM 預設值</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="67"/>
        <source>vLLM&apos;s default (0.90)</source>
        <translation>vLLM 預設值（0.90）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="73"/>
        <source>--enforce-eager (no CUDA graphs: less memory)</source>
        <translation>--enforce-eager（不使用 CUDA graph：較省記憶體）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="75"/>
        <source>more vLLM flags, e.g. --trust-remote-code</source>
        <translation>其他 vLLM 參數，例如 --trust-remote-code</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="77"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="79"/>
        <source>Give up if the server is not ready after this long.</source>
        <translation>伺服器超過此時間仍未就緒即放棄。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="86"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="87"/>
        <source>Served model name:</source>
        <translation>對外模型名稱：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="88"/>
        <source>Python:</source>
        <translation>Python：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="90"/>
        <source>--max-model-len:</source>
        <translation>--max-model-len：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="91"/>
        <source>--gpu-memory-utilization:</source>
        <translation>--gpu-memory-utilization：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="92"/>
        <source>--max-num-seqs:</source>
        <translation>--max-num-seqs：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="93"/>
        <source>Images per prompt:</source>
        <translation>每個提示詞的影像數：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="94"/>
        <source>--kv-cache-dtype:</source>
        <translation>--kv-cache-dtype：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="95"/>
        <source>--dtype:</source>
        <translation>--dtype：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="96"/>
        <source>--quantization:</source>
        <translation>--quantization：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="98"/>
        <source>Extra arguments:</source>
        <translation>其他參數：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="99"/>
        <source>Start timeout:</source>
        <translation>啟動逾時：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="130"/>
        <source>Choose a model folder or type a model name.</source>
        <translation>請選擇模型資料夾或輸入模型名稱。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="135"/>
        <source>The extra arguments cannot be read: {0}.</source>
        <translation>無法解讀其他參數：{0}。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="222"/>
        <source>Choose the model folder</source>
        <translation>選擇模型資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/servers/local_server_form.py" line="230"/>
        <source>Choose the Python interpreter with vLLM</source>
        <translation>選擇已安裝 vLLM 的 Python 直譯器</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/shell/main_window.py" line="74"/>
        <location filename="../../gui/shell/main_window.py" line="305"/>
        <source>ProofDesk</source>
        <translation>ProofDesk</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="119"/>
        <source>Pages</source>
        <translation>頁面</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="121"/>
        <source>F1: every shortcut</source>
        <translation>F1：所有快速鍵</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="127"/>
        <source>No transcript for this page yet. To get one:

• File ▸ Import Transcripts (Ctrl+I): a JSONL file or a folder of page files from a VLM run
• OCR ▸ Transcribe This Page with the Offline Engine: RapidOCR on this computer, no server needed
• OCR ▸ Servers…: connect to a vLLM server, then OCR ▸ Re-run This Page (Ctrl+R)</source>
        <translation>本頁尚無逐字稿。取得方式：

• 檔案 ▸ 匯入逐字稿（Ctrl+I）：VLM 辨識產生的 JSONL 檔或逐頁檔案資料夾
• 文字辨識 ▸ 以離線引擎產生本頁逐字稿：在本機以 RapidOCR 辨識，不需伺服器
• 文字辨識 ▸ 伺服器…：連線到 vLLM 伺服器，再執行 文字辨識 ▸ 重新辨識本頁（Ctrl+R）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="137"/>
        <source>Note for this page</source>
        <translation>本頁備註</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="160"/>
        <source>History</source>
        <translation>版本紀錄</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="162"/>
        <source>Search</source>
        <translation>搜尋</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="265"/>
        <source>Page {0} / {1}</source>
        <translation>第 {0} / {1} 頁</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="273"/>
        <source>text: {0} (offline engine)</source>
        <translation>文字：{0}（離線引擎）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="275"/>
        <source>text: {0}</source>
        <translation>文字：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="275"/>
        <source>OCR</source>
        <translation>文字辨識</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="277"/>
        <source>text: edited</source>
        <translation>文字：已編輯</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="278"/>
        <source>text: restored version</source>
        <translation>文字：已還原的版本</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="279"/>
        <source>text: imported</source>
        <translation>文字：已匯入</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="287"/>
        <source>saved</source>
        <translation>已儲存</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="288"/>
        <source>editing</source>
        <translation>編輯中</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="289"/>
        <source>saving</source>
        <translation>儲存中</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="290"/>
        <source>not saved — retrying: {0}</source>
        <translation>未儲存 — 重試中：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="291"/>
        <source>not saved: {0}</source>
        <translation>未儲存：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="309"/>
        <source>{0} — ProofDesk</source>
        <translation>{0} — ProofDesk</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="227"/>
        <source>Please confirm</source>
        <translation>請確認</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="236"/>
        <source>Not saved</source>
        <translation>未儲存</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="238"/>
        <source>Your latest typing could not be saved ({0}). Close anyway and lose it?</source>
        <translation>最近輸入的內容無法儲存（{0}）。仍要關閉並捨棄這些內容嗎？</translation>
    </message>
</context>
<context>
    <name>MarkAction</name>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="112"/>
        <source>&amp;Mark Selection for Publishing…</source>
        <translation>將選取範圍標記為公開時遮蔽(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="136"/>
        <source>Select the personal data in the transcript first, then mark it.</source>
        <translation>請先在逐字稿中選取個人資料，再加以標記。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="153"/>
        <source>Nothing to mark there.</source>
        <translation>該處沒有可標記的文字。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="155"/>
        <source>Marked for publishing: it will be masked.</source>
        <translation>已標記：公開時將予遮蔽。</translation>
    </message>
</context>
<context>
    <name>MarkDialog</name>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="54"/>
        <source>Mark for Publishing</source>
        <translation>標記公開時遮蔽</translation>
    </message>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="59"/>
        <source>Every &amp;occurrence in the document</source>
        <translation>文件中的每一處(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="68"/>
        <source>Selection:</source>
        <translation>選取範圍：</translation>
    </message>
    <message>
        <location filename="../../gui/publish/mark_action.py" line="69"/>
        <source>&amp;Kind:</source>
        <translation>類別(&amp;K)：</translation>
    </message>
</context>
<context>
    <name>MarkersDialog</name>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="44"/>
        <source>Marker Patterns</source>
        <translation>標示樣式</translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="47"/>
        <source>Text the model writes where it could not read the page. One pattern a line; start a line with re: for a regular expression, e.g. re:【[?？]+】</source>
        <translation>模型在無法辨讀之處寫入的文字。每行一個樣式；以 re: 開頭表示規則運算式，例如 re:【[?？]+】</translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="55"/>
        <source>Marker patterns, one a line</source>
        <translation>標示樣式，每行一個</translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="81"/>
        <source>Line {0}: {1}</source>
        <translation>第 {0} 行：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/markers_dialog.py" line="83"/>
        <source>No patterns: nothing will be marked.</source>
        <translation>沒有樣式：不會標示任何內容。</translation>
    </message>
</context>
<context>
    <name>MenuTitles</name>
    <message>
        <location filename="../../gui/shell/menus.py" line="63"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="64"/>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="65"/>
        <source>&amp;Page</source>
        <translation>頁面(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="66"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="67"/>
        <source>&amp;OCR</source>
        <translation>文字辨識(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="68"/>
        <source>&amp;Review</source>
        <translation>審閱(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="69"/>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <location filename="../../gui/widgets/notice_bar.py" line="29"/>
        <source>Dismiss</source>
        <translation>關閉提示</translation>
    </message>
</context>
<context>
    <name>OcrDocks</name>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="48"/>
        <source>OCR</source>
        <translation>文字辨識</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="52"/>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="107"/>
        <source>Server: {0}</source>
        <translation>伺服器：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="107"/>
        <source>No OCR server</source>
        <translation>無文字辨識伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="121"/>
        <source>&amp;Re-run This Page</source>
        <translation>重新辨識本頁(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="123"/>
        <source>Re-run a Re&amp;gion…</source>
        <translation>重新辨識區域(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_docks.py" line="125"/>
        <source>&amp;Batch…</source>
        <translation>批次辨識(&amp;B)…</translation>
    </message>
</context>
<context>
    <name>OcrHub</name>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="201"/>
        <source>That server profile no longer exists.</source>
        <translation>該伺服器設定已不存在。</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="219"/>
        <source>ready</source>
        <translation>就緒</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="251"/>
        <source>Choose a server first (OCR ▸ Servers…).</source>
        <translation>請先選擇伺服器（文字辨識 ▸ 伺服器…）。</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="254"/>
        <source>Pages will be sent to {0} without encryption (http://). Anyone on the network between here and there could read these confidential documents. Send anyway?</source>
        <translation>頁面將以未加密方式（http://）傳送至 {0}。兩地之間網路上的任何人都可能讀取這些機密文件。仍要傳送嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="259"/>
        <source>Not sent: the server uses plain http://.</source>
        <translation>未傳送：伺服器使用未加密的 http://。</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="271"/>
        <source>Choose a model for {0} (OCR ▸ Servers…).</source>
        <translation>請為 {0} 選擇模型（文字辨識 ▸ 伺服器…）。</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="282"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="324"/>
        <source>Choose at least one server for the batch.</source>
        <translation>請為批次至少選擇一部伺服器。</translation>
    </message>
    <message>
        <location filename="../../gui/services/ocr_hub.py" line="360"/>
        <source>A batch is already running.</source>
        <translation>已有批次正在執行。</translation>
    </message>
</context>
<context>
    <name>OcrPanel</name>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="56"/>
        <source>Run OCR on this page</source>
        <translation>對本頁執行文字辨識</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="57"/>
        <source>Read this page again with this server and prompt</source>
        <translation>以此伺服器與提示詞重新辨識本頁</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="58"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="59"/>
        <source>Stop reading; nothing is stored (Esc)</source>
        <translation>停止辨識；不會儲存任何內容（Esc）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="61"/>
        <source>Read a region…</source>
        <translation>辨識區域…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="64"/>
        <source>Draw a rectangle on the page image to read only that part (Esc stops)</source>
        <translation>在頁面影像上拉出矩形，只辨識該部分（Esc 停止）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="132"/>
        <source>Page {0}: </source>
        <translation>第 {0} 頁：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="163"/>
        <location filename="../../gui/ocr/ocr_panel.py" line="320"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="166"/>
        <source>Choose a server first (OCR ▸ Servers…).</source>
        <translation>請先選擇伺服器（文字辨識 ▸ 伺服器…）。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="212"/>
        <source>Cancelled; nothing was stored.</source>
        <translation>已取消；未儲存任何內容。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="225"/>
        <source>New reading stored in the page&apos;s history; compare below.</source>
        <translation>新的辨識結果已存入本頁版本紀錄；請在下方比對。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="229"/>
        <source>The new reading of page {0} is in its history; go back to that page to compare it.</source>
        <translation>第 {0} 頁的新辨識結果已存入其版本紀錄；回到該頁即可比對。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="239"/>
        <source>The document was closed before the reading arrived; not stored.</source>
        <translation>辨識結果送達前文件已關閉；未儲存。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="244"/>
        <source>Not stored: {0}. Copy the text below to keep it.</source>
        <translation>未儲存：{0}。請複製下方文字以保留。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="305"/>
        <source>Closed; that reading was not stored.</source>
        <translation>已關閉；該辨識結果未儲存。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="307"/>
        <source>Kept the working text; the new reading is in history.</source>
        <translation>保留目前的工作文字；新的辨識結果在版本紀錄中。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="313"/>
        <source>Region text put into the transcript.</source>
        <translation>區域文字已放入逐字稿。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="324"/>
        <source>Your typing is not saved yet; try again.</source>
        <translation>您輸入的內容尚未儲存；請再試一次。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="328"/>
        <source>Replace your edits?</source>
        <translation>要取代您的編輯嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="330"/>
        <source>This page has your edits. Replace the working text with the new reading? Your edits stay in history.</source>
        <translation>本頁有您的編輯。要以新的辨識結果取代工作文字嗎？您的編輯會保留在版本紀錄中。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/ocr_panel.py" line="341"/>
        <source>Page {0}: the new reading is now the working text.</source>
        <translation>第 {0} 頁：新的辨識結果已成為工作文字。</translation>
    </message>
</context>
<context>
    <name>OfflineBatch</name>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="47"/>
        <source>Prepare &amp;Offline Batch (vllm run-batch)…</source>
        <translation>準備離線批次（vllm run-batch）(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="54"/>
        <source>&amp;Import Offline Batch Results…</source>
        <translation>匯入離線批次結果(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="64"/>
        <location filename="../../gui/ocr/offline_batch.py" line="83"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="67"/>
        <source>An empty folder for the batch</source>
        <translation>用於批次的空資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="72"/>
        <source>Offline batch</source>
        <translation>離線批次</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="73"/>
        <source>Split the requests for how many GPU nodes?</source>
        <translation>要將請求分給幾個 GPU 節點？</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="87"/>
        <source>Results of vllm run-batch</source>
        <translation>vllm run-batch 的結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="89"/>
        <source>Batch results (*.jsonl)</source>
        <translation>批次結果 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="141"/>
        <source>Preparing the offline batch…</source>
        <translation>正在準備離線批次…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="148"/>
        <source>Prepared {0} page(s) in {1}: its README.md has the vllm run-batch commands.</source>
        <translation>已在 {1} 準備 {0} 頁：其中的 README.md 列有 vllm run-batch 命令。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="151"/>
        <source>Page {0}: left out — {1}</source>
        <translation>第 {0} 頁：未收錄 — {1}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="167"/>
        <source>Page {0}: {1}</source>
        <translation>第 {0} 頁：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/offline_batch.py" line="171"/>
        <source>Page {0}: {1} ({2})</source>
        <translation>第 {0} 頁：{1}（{2}）</translation>
    </message>
</context>
<context>
    <name>OfflineTranscript</name>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="58"/>
        <source>&amp;Transcribe This Page with the Offline Engine</source>
        <translation>以離線引擎產生本頁逐字稿(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="65"/>
        <source>Transcribe &amp;All Pages with the Offline Engine</source>
        <translation>以離線引擎產生所有頁面逐字稿(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="74"/>
        <source>Sto&amp;p the Offline Engine</source>
        <translation>停止離線引擎(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="90"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="93"/>
        <source>An offline engine is already reading pages.</source>
        <translation>已有離線引擎正在辨識頁面。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="106"/>
        <source>{0} of these pages already have a transcript. The offline reading becomes their working text; the earlier text stays in History, and pages you edited, approved or marked reviewed keep their text. Go on?</source>
        <translation>這些頁面中有 {0} 頁已有逐字稿。離線辨識結果將成為其工作文字；原有文字保留在版本紀錄中，您編輯過、核可或標為已審閱的頁面則保留原文字。要繼續嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="114"/>
        <source>{0} is reading {1} page(s)…</source>
        <translation>{0} 正在辨識 {1} 頁…</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="128"/>
        <source>about {0:.0f} s a page, as measured on the last run</source>
        <translation>依上次執行實測，每頁約 {0:.0f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="130"/>
        <source>about {0:.0f} s a page on a typical computer</source>
        <translation>以一般電腦估計，每頁約 {0:.0f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="133"/>
        <source>{0} will read {1} page(s) that have no transcript yet. That takes roughly {2} minute(s) ({3}). You can stop it at any time (OCR ▸ Stop the Offline Engine). Start now?</source>
        <translation>{0} 將辨識 {1} 個尚無逐字稿的頁面，約需 {2} 分鐘（{3}）。隨時可以停止（文字辨識 ▸ 停止離線引擎）。現在開始？</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="139"/>
        <source>Offline engine</source>
        <translation>離線引擎</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/offline_transcript.py" line="145"/>
        <source>Offline engine: {0} of {1} page(s)</source>
        <translation>離線引擎：{0}／{1} 頁</translation>
    </message>
</context>
<context>
    <name>Onboarding</name>
    <message>
        <location filename="../../gui/onboarding/feature.py" line="33"/>
        <source>Getting Started</source>
        <translation>入門導覽</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/feature.py" line="56"/>
        <source>Every page has a transcript already. OCR ▸ Transcribe with the Offline Engine reads this page or all pages again.</source>
        <translation>每一頁都已有逐字稿。文字辨識 ▸ 以離線引擎產生逐字稿 可重新辨識本頁或所有頁面。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/feature.py" line="83"/>
        <source>&amp;Getting Started</source>
        <translation>入門導覽(&amp;G)</translation>
    </message>
</context>
<context>
    <name>Opener</name>
    <message>
        <location filename="../../gui/review/opener.py" line="57"/>
        <source>Open a PDF</source>
        <translation>開啟 PDF</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="59"/>
        <source>PDF documents (*.pdf);;All files (*)</source>
        <translation>PDF 文件 (*.pdf);;所有檔案 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="68"/>
        <source>Still opening the previous file…</source>
        <translation>仍在開啟前一個檔案…</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="76"/>
        <source>That document is already open.</source>
        <translation>該文件已開啟。</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="119"/>
        <source>The open document&apos;s typing is not saved yet; try again once the status bar says “saved”.</source>
        <translation>已開啟文件的輸入內容尚未儲存；請待狀態列顯示「已儲存」後再試。</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="141"/>
        <source>That password does not open “{0}”. Try again:</source>
        <translation>該密碼無法開啟「{0}」。請再試一次：</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="143"/>
        <source>“{0}” is protected by a password:</source>
        <translation>「{0}」受密碼保護：</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="146"/>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="162"/>
        <source>JSON Lines (*.jsonl *.json);;PAGE XML, ALTO or hOCR (*.xml *.hocr *.html);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json);;PAGE XML、ALTO 或 hOCR (*.xml *.hocr *.html);;所有檔案 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="103"/>
        <source>Different document</source>
        <translation>不同的文件</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="104"/>
        <source>Continue with this review anyway?</source>
        <translation>仍要繼續此份審閱嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="154"/>
        <source>Folder of page files</source>
        <translation>逐頁檔案資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/review/opener.py" line="159"/>
        <source>Import transcripts</source>
        <translation>匯入逐字稿</translation>
    </message>
</context>
<context>
    <name>PageListLegend</name>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="18"/>
        <source>not reviewed yet</source>
        <translation>尚未審閱</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="19"/>
        <source>in progress: edited, not approved</source>
        <translation>進行中：已編輯，尚未核可</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="20"/>
        <source>reviewed: waiting for the final approval</source>
        <translation>已審閱：等待最終核可</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="21"/>
        <source>approved</source>
        <translation>已核可</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="22"/>
        <source>flagged for another look</source>
        <translation>標記為需再檢查</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="23"/>
        <source>agreement with the alternate reading (offline engine)</source>
        <translation>與替代辨識結果（離線引擎）的一致率</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="24"/>
        <source>the alternate is the transcript&apos;s own reading: not compared</source>
        <translation>替代辨識結果即為逐字稿本身的辨識結果：未作比對</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="25"/>
        <source>unreadable-text markers left on the page, e.g. 【模糊】</source>
        <translation>頁面上剩餘的無法辨識文字標示，例如【模糊】</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="26"/>
        <source>a whole-page problem, e.g. a loop or a page cut short (shown in red)</source>
        <translation>整頁問題，例如重複迴圈或頁面被截斷（以紅色顯示）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/help_dialog.py" line="27"/>
        <source>legal-critical items still open on the page (shown in red)</source>
        <translation>本頁尚未處理的法律關鍵項目（以紅色顯示）</translation>
    </message>
</context>
<context>
    <name>PageListModel</name>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="71"/>
        <source>unreviewed</source>
        <translation>未審閱</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="72"/>
        <source>in progress</source>
        <translation>進行中</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="73"/>
        <source>reviewed</source>
        <translation>已審閱</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="74"/>
        <source>approved</source>
        <translation>已核可</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="75"/>
        <source>flagged</source>
        <translation>需再檢查</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="101"/>
        <source>Page {0}: {1}</source>
        <translation>第 {0} 頁：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="134"/>
        <source>The alternate is the transcript&apos;s own reading: not compared</source>
        <translation>替代辨識結果即為逐字稿本身的辨識結果：不予比對</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="136"/>
        <source>Agrees {0} with the alternate reading</source>
        <translation>與替代辨識結果一致 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="140"/>
        <source>{0} unreadable-text marker(s) left</source>
        <translation>剩餘 {0} 個無法辨識文字的標示</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="143"/>
        <source>Whole-page problem: {0}</source>
        <translation>整頁問題：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/review/page_list_model.py" line="145"/>
        <source>{0} legal-critical item(s) open</source>
        <translation>{0} 個法律關鍵項目未處理</translation>
    </message>
</context>
<context>
    <name>PageScopeBox</name>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="159"/>
        <source>Pages</source>
        <translation>頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="164"/>
        <source>All pages</source>
        <translation>所有頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="165"/>
        <source>Pages:</source>
        <translation>頁面：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="166"/>
        <source>Selected pages</source>
        <translation>所選頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="167"/>
        <source>Unprocessed pages (never read)</source>
        <translation>未處理的頁面（從未辨識）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="168"/>
        <source>Failed pages</source>
        <translation>失敗的頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="171"/>
        <source>e.g. 3-12, 15</source>
        <translation>例如 3-12、15</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="172"/>
        <source>Page range</source>
        <translation>頁碼範圍</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="193"/>
        <source>Also pages with edits or approval</source>
        <translation>也包含已編輯或已核可的頁面</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="196"/>
        <source>Normally pages a person has edited or approved are skipped. Ticked, they are read too, but never overwritten: the reading is added to their history.</source>
        <translation>通常會略過已有人工編輯或核可的頁面。勾選後也會辨識這些頁面，但絕不覆寫：辨識結果會加入其版本紀錄。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="201"/>
        <source>Store as alternate readings</source>
        <translation>存為替代辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="204"/>
        <source>Read with this server (a second model or profile) to compare with: the readings are stored as alternates and never change the transcript. With “Unprocessed pages”, the pages this server has not read as alternates yet.</source>
        <translation>以此伺服器（第二個模型或設定檔）辨識以供比對：辨識結果存為替代辨識結果，絕不變更逐字稿。選擇「未處理的頁面」時，指此伺服器尚未存入替代辨識結果的頁面。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="230"/>
        <source>No pages are selected in the page list.</source>
        <translation>頁面清單中沒有選取任何頁面。</translation>
    </message>
</context>
<context>
    <name>PageView</name>
    <message>
        <location filename="../../gui/widgets/page_view.py" line="78"/>
        <source>Page image</source>
        <translation>頁面影像</translation>
    </message>
</context>
<context>
    <name>PlannerDialog</name>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="38"/>
        <source>VRAM planner</source>
        <translation>VRAM 規劃工具</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="52"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="53"/>
        <source>Weights:</source>
        <translation>權重：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="54"/>
        <source>KV cache per token:</source>
        <translation>每個 token 的 KV 快取：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="55"/>
        <source>Vision tokens per page:</source>
        <translation>每頁視覺 token 數：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="56"/>
        <source>Tokens per page:</source>
        <translation>每頁 token 數：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="57"/>
        <source>KV cache available:</source>
        <translation>可用 KV 快取：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="58"/>
        <source>Pages that fit at once:</source>
        <translation>可同時處理的頁數：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="59"/>
        <source>Notes:</source>
        <translation>附註：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="76"/>
        <source>Plan</source>
        <translation>規劃</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="81"/>
        <source>Equivalent command</source>
        <translation>對應的命令</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="82"/>
        <source>Copy as &amp;JSON</source>
        <translation>複製為 JSON(&amp;J)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="84"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="89"/>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="115"/>
        <source>Choose a model&apos;s config.json or its folder.</source>
        <translation>請選擇模型的 config.json 或其資料夾。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="134"/>
        <source>from the safetensors index</source>
        <translation>依 safetensors 索引</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="135"/>
        <source>estimated from the config</source>
        <translation>依設定檔估算</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="137"/>
        <source>the quantized checkpoint&apos;s size</source>
        <translation>量化檢查點的大小</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="140"/>
        <source>{0}, {1:.1f}B parameters</source>
        <translation>{0}，{1:.1f}B 參數</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="145"/>
        <source>{0:.1f} GiB {1} ({2})</source>
        <translation>{0:.1f} GiB {1}（{2}）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="148"/>
        <source>{0:,} bytes ({1}, {2} of {3} layers)</source>
        <translation>{0:,} 位元組（{1}，{3} 層中的 {2} 層）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="154"/>
        <source>{0:,} ({1}×{2} px)</source>
        <translation>{0:,}（{1}×{2} 像素）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_dialog.py" line="158"/>
        <source>{0:.1f} GiB ({1:,} tokens)</source>
        <translation>{0:.1f} GiB（{1:,} 個 token）</translation>
    </message>
</context>
<context>
    <name>PlannerInputs</name>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="52"/>
        <source>a model&apos;s config.json, or its folder</source>
        <translation>模型的 config.json 或其資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="53"/>
        <source>Model &amp;config…</source>
        <translation>模型設定檔(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="54"/>
        <source>F&amp;older…</source>
        <translation>資料夾(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="55"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="56"/>
        <location filename="../../gui/servers/planner_inputs.py" line="184"/>
        <source>none: the weights are estimated from the config</source>
        <translation>無：依設定檔估算權重</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="58"/>
        <source>&amp;Index…</source>
        <translation>索引(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="60"/>
        <source>model.safetensors.index.json: the exact size of the weights</source>
        <translation>model.safetensors.index.json：權重的確切大小</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="62"/>
        <source>Safetensors index:</source>
        <translation>Safetensors 索引：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="71"/>
        <source>&amp;GPU memory:</source>
        <translation>GPU 記憶體(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="76"/>
        <source>vLLM&apos;s --gpu-memory-utilization</source>
        <translation>vLLM 的 --gpu-memory-utilization</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="77"/>
        <source>GPU memory &amp;utilization:</source>
        <translation>GPU 記憶體使用率(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="80"/>
        <source>&amp;Weights dtype:</source>
        <translation>權重資料型別(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="83"/>
        <source>auto: the model&apos;s own 16-bit dtype; fp8 halves it</source>
        <translation>auto：模型本身的 16 位元資料型別；fp8 可減半</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="84"/>
        <source>&amp;KV cache dtype:</source>
        <translation>KV 快取資料型別(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="88"/>
        <source>A4 at {0} dpi</source>
        <translation>A4，{0} dpi</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="89"/>
        <source>Custom size</source>
        <translation>自訂大小</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="94"/>
        <source>&amp;Page size:</source>
        <translation>頁面大小(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="96"/>
        <source>the model&apos;s own</source>
        <translation>模型本身的設定</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="97"/>
        <source>The server&apos;s image budget (max_pixels)</source>
        <translation>伺服器的影像預算（max_pixels）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="98"/>
        <source>Image budget (pixels):</source>
        <translation>影像預算（像素）：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="100"/>
        <source>P&amp;rompt tokens:</source>
        <translation>提示詞 token 數(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="102"/>
        <source>&amp;Max tokens:</source>
        <translation>最大 token 數(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="104"/>
        <source>not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="105"/>
        <source>Max &amp;num seqs:</source>
        <translation>最大序列數(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="132"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 檔 (*.json);;所有檔案 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="139"/>
        <source>A model&apos;s config.json</source>
        <translation>模型的 config.json</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="143"/>
        <source>A model folder</source>
        <translation>模型資料夾</translation>
    </message>
    <message>
        <location filename="../../gui/servers/planner_inputs.py" line="146"/>
        <source>A safetensors index</source>
        <translation>safetensors 索引</translation>
    </message>
</context>
<context>
    <name>ProblemModel</name>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="334"/>
        <source>Page</source>
        <translation>頁</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="334"/>
        <source>Problem</source>
        <translation>問題</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="377"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="377"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>ProgressView</name>
    <message>
        <location filename="../../gui/team/progress_view.py" line="18"/>
        <source>Team progress</source>
        <translation>團隊進度</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="24"/>
        <source>Person</source>
        <translation>人員</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="25"/>
        <source>Edited</source>
        <translation>已編輯</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="26"/>
        <source>Final approvals</source>
        <translation>最終核可</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="27"/>
        <source>Claimed now</source>
        <translation>目前認領</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="28"/>
        <source>Assigned</source>
        <translation>已分派</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="29"/>
        <source>Assigned, final</source>
        <translation>已分派，最終</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="30"/>
        <source>Queue (pages)</source>
        <translation>佇列（頁數）</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="45"/>
        <source>Unreviewed {u} · in progress {i} · reviewed {r} · final {f} · flagged {x}</source>
        <translation>未審閱 {u} · 進行中 {i} · 已審閱 {r} · 最終 {f} · 需再檢查 {x}</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="61"/>
        <source>Page {page}: {holder} since {time}</source>
        <translation>第 {page} 頁：{holder}，自 {time} 起</translation>
    </message>
    <message>
        <location filename="../../gui/team/progress_view.py" line="68"/>
        <source>No page is being edited.</source>
        <translation>目前沒有頁面正在編輯。</translation>
    </message>
</context>
<context>
    <name>PromptEditor</name>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="48"/>
        <source>Prompt preset</source>
        <translation>提示詞範本</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="49"/>
        <source>Use a preset…</source>
        <translation>使用範本…</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="69"/>
        <source>Prompt</source>
        <translation>提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="72"/>
        <source>Save for this page</source>
        <translation>儲存為本頁提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="73"/>
        <source>Read this page with this prompt from now on</source>
        <translation>今後以此提示詞辨識本頁</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="74"/>
        <source>Save for whole document</source>
        <translation>儲存為整份文件提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="76"/>
        <source>Read every page with this prompt, except pages with their own</source>
        <translation>以此提示詞辨識每一頁（自有提示詞的頁面除外）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="78"/>
        <source>Reset to default</source>
        <translation>重設為預設值</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="80"/>
        <source>Put the default prompt in the editor (save it to keep it; Ctrl+Z undoes)</source>
        <translation>將預設提示詞放入編輯區（儲存後才會保留；Ctrl+Z 可復原）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="134"/>
        <source>Prompt for this page</source>
        <translation>本頁提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="135"/>
        <source>Document prompt</source>
        <translation>文件提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="136"/>
        <source>Default prompt</source>
        <translation>預設提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/prompt_editor.py" line="140"/>
        <source>{0} · edited, not saved</source>
        <translation>{0} · 已編輯，未儲存</translation>
    </message>
</context>
<context>
    <name>ProvenanceWords</name>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="91"/>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="92"/>
        <source>Engine version</source>
        <translation>引擎版本</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="93"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="94"/>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="95"/>
        <source>Imported from</source>
        <translation>匯入來源</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="96"/>
        <source>Line in the file</source>
        <translation>檔案中的行號</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="97"/>
        <source>Offline engine</source>
        <translation>離線引擎</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="97"/>
        <location filename="../../gui/review/provenance_view.py" line="99"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="98"/>
        <source>Ended</source>
        <translation>結束方式</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="99"/>
        <source>Cut off</source>
        <translation>截斷</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="100"/>
        <source>Tokens</source>
        <translation>Token 數</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="101"/>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="102"/>
        <source>First token after</source>
        <translation>首個 token 出現於</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="103"/>
        <source>Prompt</source>
        <translation>提示詞</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="104"/>
        <source>Parameters</source>
        <translation>參數</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="105"/>
        <source>Image sent</source>
        <translation>送出的影像</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="106"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="107"/>
        <source>Notes</source>
        <translation>附註</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="108"/>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="109"/>
        <source>Other fields</source>
        <translation>其他欄位</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="114"/>
        <source>the model finished</source>
        <translation>模型已完成</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="115"/>
        <source>at the token limit</source>
        <translation>達到 token 上限</translation>
    </message>
    <message>
        <location filename="../../gui/review/provenance_view.py" line="121"/>
        <source>prompt {0}, answer {1}</source>
        <translation>提示詞 {0}，回應 {1}</translation>
    </message>
</context>
<context>
    <name>PublishDialog</name>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="65"/>
        <source>Publish</source>
        <translation>公開</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="68"/>
        <source>Plain text (.txt)</source>
        <translation>純文字（.txt）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="69"/>
        <source>Markdown (.md)</source>
        <translation>Markdown（.md）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="70"/>
        <source>Word document (.docx)</source>
        <translation>Word 文件（.docx）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="71"/>
        <source>JSON Lines (.jsonl)</source>
        <translation>JSON Lines（.jsonl）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="72"/>
        <source>Redacted searchable PDF (.pdf)</source>
        <translation>已去識別化的可搜尋 PDF（.pdf）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="79"/>
        <source>Beside the PDF, its name de-identified</source>
        <translation>存於 PDF 旁，檔名去識別化</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="80"/>
        <source>&amp;Browse…</source>
        <translation>瀏覽(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="85"/>
        <source>&amp;Mask unreviewed findings and publish</source>
        <translation>遮蔽未審閱的項目並公開(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="87"/>
        <source>Findings nobody has reviewed yet are masked, as accepted ones are.</source>
        <translation>尚未審閱的項目將與已接受的項目一樣予以遮蔽。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="93"/>
        <source>&amp;Publish</source>
        <translation>公開(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="96"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="103"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="104"/>
        <source>&amp;Save as:</source>
        <translation>儲存為(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="116"/>
        <source>Publish as</source>
        <translation>公開為</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="132"/>
        <source>Open a document to publish it.</source>
        <translation>請先開啟文件再公開。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="139"/>
        <source>Not published: {0} finding(s) are unreviewed. Review them in the Publish dock (F9), or tick “Mask unreviewed findings and publish”.</source>
        <translation>未公開：尚有 {0} 個項目未審閱。請在「公開」面板（F9）審閱，或勾選「遮蔽未審閱的項目並公開」。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="148"/>
        <source>Not published: mark those findings, then publish again.</source>
        <translation>未公開：請先標記這些項目，再重新公開。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="155"/>
        <source>Replace file?</source>
        <translation>要取代檔案嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="156"/>
        <source>“{0}” already exists. Replace it?</source>
        <translation>「{0}」已存在。要取代嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="162"/>
        <source>Publishing was cancelled; nothing was written.</source>
        <translation>已取消公開，未寫入任何檔案。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="169"/>
        <source>Publishing failed: {0}</source>
        <translation>公開失敗：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="175"/>
        <source>Published to {0} ({1} page(s)); masks: {2}.</source>
        <translation>已公開至 {0}（{1} 頁）；遮蔽規則：{2}。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="194"/>
        <source>page {0}: {1}</source>
        <translation>第 {0} 頁：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="199"/>
        <source>… and {0} more</source>
        <translation>…另有 {0} 個</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="202"/>
        <source>Findings with no place on the scan</source>
        <translation>掃描影像上無位置的項目</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="204"/>
        <source>{0} finding(s) have no place on the scan (no alternate reading&apos;s line box covers them), so their pixels cannot be removed:
{1}

Publish anyway, with them masked in the text layer only? (No: not now. Mark Them: the first is shown in the Publish dock, where R marks it on the scan.)</source>
        <translation>有 {0} 個項目在掃描影像上沒有位置（沒有替代辨識結果的行框涵蓋），無法移除其像素：
{1}

仍要公開，僅在文字層遮蔽這些項目嗎？（「否」：暫不公開。「標記這些項目」：在「公開」面板顯示第一個，按 R 即可在掃描影像上標記。）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dialog.py" line="209"/>
        <source>&amp;Mark Them</source>
        <translation>標記這些項目(&amp;M)</translation>
    </message>
</context>
<context>
    <name>PublishDock</name>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="121"/>
        <source>Publish</source>
        <translation>公開</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="142"/>
        <source>P&amp;ublish Review</source>
        <translation>公開前審閱(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="181"/>
        <source>{0} of {1} finding(s) unreviewed.</source>
        <translation>{1} 個項目中有 {0} 個未審閱。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="220"/>
        <source>Still recording the last decision…</source>
        <translation>仍在記錄上一個決定…</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="251"/>
        <source>Press R to mark where this finding stands on the scan.</source>
        <translation>按 R 在掃描影像上標記此項目所在的位置。</translation>
    </message>
</context>
<context>
    <name>PublishFeature</name>
    <message>
        <location filename="../../gui/publish/feature.py" line="44"/>
        <source>P&amp;ublish…</source>
        <translation>公開(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../../gui/publish/feature.py" line="65"/>
        <source>Open a document to publish it.</source>
        <translation>請先開啟文件再公開。</translation>
    </message>
</context>
<context>
    <name>PublishModel</name>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="51"/>
        <source>Person</source>
        <translation>人名</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="52"/>
        <source>ID number</source>
        <translation>身分證統一編號</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="53"/>
        <source>Resident certificate number</source>
        <translation>居留證統一證號</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="54"/>
        <source>Phone number</source>
        <translation>電話號碼</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="55"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="56"/>
        <source>Date of birth</source>
        <translation>出生日期</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="57"/>
        <source>Account number</source>
        <translation>帳號</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="58"/>
        <source>Licence plate</source>
        <translation>車牌號碼</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="59"/>
        <source>E-mail address</source>
        <translation>電子郵件地址</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="64"/>
        <source>Unreviewed</source>
        <translation>未審閱</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="66"/>
        <source>Masked</source>
        <translation>已遮蔽</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="67"/>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="68"/>
        <source>Marked</source>
        <translation>已標記</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="103"/>
        <source>Masked (region on the scan)</source>
        <translation>已遮蔽（掃描影像上的區域）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="113"/>
        <source>Kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="114"/>
        <source>Page</source>
        <translation>頁</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="115"/>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="117"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_model.py" line="116"/>
        <source>Decision</source>
        <translation>決定</translation>
    </message>
</context>
<context>
    <name>PublishPanel</name>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="84"/>
        <source>Personal data to mask</source>
        <translation>待遮蔽的個人資料</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="87"/>
        <source>A: mask this finding · S: keep it · Shift+A / Shift+S: the same for every occurrence of this person or number · Enter: go to it in the transcript · R: mark the region where it stands on the scan (Esc cancels)</source>
        <translation>A：遮蔽此項目 · S：保留 · Shift+A / Shift+S：對此人或號碼的每一處同樣處理 · Enter：前往逐字稿中的該處 · R：在掃描影像上標記其所在區域（Esc 取消）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="92"/>
        <source>Mark Region on the Scan (R)</source>
        <translation>在掃描影像上標記區域（R）</translation>
    </message>
    <message>
        <location filename="../../gui/publish/publish_dock.py" line="95"/>
        <source>For a finding with no place on the scan: go to its page and drag over where it stands, so the redacted PDF removes those pixels too. Esc cancels.</source>
        <translation>用於掃描影像上沒有位置的項目：前往其所在頁面，在其位置上拖曳出範圍，讓去識別化的 PDF 也移除這些像素。Esc 取消。</translation>
    </message>
</context>
<context>
    <name>ReadingCompare</name>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="42"/>
        <location filename="../../gui/ocr/reading_compare.py" line="47"/>
        <source>Working text now</source>
        <translation>目前的工作文字</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="50"/>
        <source>New reading</source>
        <translation>新的辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="57"/>
        <source>Accept new reading</source>
        <translation>採用新的辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="58"/>
        <source>Make it the working text (Ctrl+Shift+Return)</source>
        <translation>設為工作文字（Ctrl+Shift+Return）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="59"/>
        <source>Insert</source>
        <translation>插入</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="60"/>
        <source>Insert the region&apos;s text at the cursor</source>
        <translation>在游標處插入區域文字</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="61"/>
        <source>Replace selection</source>
        <translation>取代選取範圍</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="62"/>
        <source>Replace the selected text with the region&apos;s text</source>
        <translation>以區域文字取代選取的文字</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="64"/>
        <source>The new reading stays in the page&apos;s history (Esc)</source>
        <translation>新的辨識結果保留在本頁版本紀錄中（Esc）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="99"/>
        <source>New reading of page {0}</source>
        <translation>第 {0} 頁的新辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="100"/>
        <source>New reading (changes marked)</source>
        <translation>新的辨識結果（已標出變更）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="108"/>
        <source>Keep current</source>
        <translation>保留目前內容</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="113"/>
        <source>Reading of a region of page {0}</source>
        <translation>第 {0} 頁某區域的辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="114"/>
        <source>Text of the region</source>
        <translation>區域文字</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="120"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="147"/>
        <source>Cut off at the token limit ({0:,} tokens): the end of the page is missing. Raise max tokens and run again.</source>
        <translation>在 token 上限處截斷（{0:,} 個 token）：頁面結尾遺失。請提高最大 token 數後重新執行。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="154"/>
        <source>The server ended the answer early (finish reason “{0}”): the end of the page may be missing. Run it again.</source>
        <translation>伺服器提前結束了回應（結束方式「{0}」）：頁面結尾可能遺失。請再執行一次。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="161"/>
        <source>The model&apos;s thinking ({0:,} characters) was found and left out of the text; it is kept in the version&apos;s details.</source>
        <translation>發現模型的思考內容（{0:,} 個字元），已自文字中移除；保留於版本詳細資料中。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="166"/>
        <source>The reading is empty.</source>
        <translation>辨識結果是空的。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="172"/>
        <source>prompt {0} tokens</source>
        <translation>提示詞 {0} 個 token</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="173"/>
        <source>answer {0} tokens</source>
        <translation>回應 {0} 個 token</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="174"/>
        <source>{0:.1f} s</source>
        <translation>{0:.1f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/reading_compare.py" line="177"/>
        <source>first token after {0:.1f} s</source>
        <translation>首個 token 於 {0:.1f} 秒後出現</translation>
    </message>
</context>
<context>
    <name>RegionMark</name>
    <message>
        <location filename="../../gui/publish/region_mark.py" line="82"/>
        <source>Drag over where “{0}” stands on the scan; Esc cancels.</source>
        <translation>請在掃描影像上「{0}」所在的位置拖曳出範圍；Esc 取消。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/region_mark.py" line="88"/>
        <source>No region marked.</source>
        <translation>未標記任何區域。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/region_mark.py" line="101"/>
        <source>No region marked: draw it on the finding&apos;s page.</source>
        <translation>未標記區域：請在該項目所在的頁面上繪製。</translation>
    </message>
    <message>
        <location filename="../../gui/publish/region_mark.py" line="112"/>
        <source>Region marked: the redacted PDF removes it from the scan.</source>
        <translation>已標記區域：去識別化的 PDF 會從掃描影像中移除該處。</translation>
    </message>
</context>
<context>
    <name>ReplaceAction</name>
    <message>
        <location filename="../../gui/review/replace_action.py" line="65"/>
        <source>Find and Re&amp;place…</source>
        <translation>尋找及取代(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_action.py" line="71"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_action.py" line="129"/>
        <source>Nothing was replaced: your typing could not be saved first.</source>
        <translation>未取代任何文字：您輸入的內容無法先行儲存。</translation>
    </message>
</context>
<context>
    <name>ReplaceDialog</name>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="58"/>
        <source>Find and Replace</source>
        <translation>尋找及取代</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="73"/>
        <source>Regular e&amp;xpression</source>
        <translation>規則運算式(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="75"/>
        <source>Use the review&apos;s &amp;normalisation (full/half width, variant glyphs)</source>
        <translation>採用審閱的正規化(&amp;N)（全形／半形、異體字）</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="77"/>
        <source>Match &amp;case</source>
        <translation>大小寫須相符(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="79"/>
        <source>&amp;All pages</source>
        <translation>所有頁面(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="80"/>
        <source>C&amp;urrent page</source>
        <translation>目前頁面(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="81"/>
        <source>Pa&amp;ges:</source>
        <translation>頁面(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="83"/>
        <source>e.g. 1-5, 8</source>
        <translation>例如 1-5、8</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="92"/>
        <source>Matches</source>
        <translation>符合項目</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="103"/>
        <source>&amp;Preview</source>
        <translation>預覽(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="104"/>
        <source>Cancel Search</source>
        <translation>取消搜尋</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="106"/>
        <source>Check A&amp;ll</source>
        <translation>全部勾選(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="107"/>
        <source>Check &amp;None</source>
        <translation>全部取消勾選(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="108"/>
        <source>&amp;Replace Checked</source>
        <translation>取代已勾選項目(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="109"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="128"/>
        <source>&amp;Find:</source>
        <translation>尋找(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="129"/>
        <source>Replace &amp;with:</source>
        <translation>取代為(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="219"/>
        <source>Type what to find first.</source>
        <translation>請先輸入要尋找的文字。</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="275"/>
        <source>Search cancelled.</source>
        <translation>已取消搜尋。</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="283"/>
        <source>{0} match(es) on {1} page(s); {2} checked.</source>
        <translation>{1} 頁中有 {0} 筆符合；已勾選 {2} 筆。</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="309"/>
        <source>Page(s) {0} are approved. Replacing there takes their approval back. Change them too? (No: only the other pages.)</source>
        <translation>第 {0} 頁已核可。在該處取代將撤回其核可。是否一併修改？（否：只改其他頁面。）</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="330"/>
        <source>Replaced {0} match(es) on {1} page(s).</source>
        <translation>已在 {1} 頁中取代 {0} 筆。</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_dialog.py" line="335"/>
        <source>Left as they were: page(s) {0}.</source>
        <translation>未變更：第 {0} 頁。</translation>
    </message>
</context>
<context>
    <name>ReplaceModel</name>
    <message>
        <location filename="../../gui/review/replace_model.py" line="84"/>
        <source>Page</source>
        <translation>頁</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="85"/>
        <source>Before</source>
        <translation>前文</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="86"/>
        <source>Found → replacement</source>
        <translation>找到 → 取代為</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="87"/>
        <source>After</source>
        <translation>後文</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="119"/>
        <source>p. {0}: {1} match(es)</source>
        <translation>第 {0} 頁：{1} 筆符合</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="121"/>
        <source>(approved: asks before changing it)</source>
        <translation>（已核可：修改前會先詢問）</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="123"/>
        <source>(claimed by {0}: skipped)</source>
        <translation>（已由 {0} 認領：略過）</translation>
    </message>
    <message>
        <location filename="../../gui/review/replace_model.py" line="129"/>
        <source>p. {0}</source>
        <translation>第 {0} 頁</translation>
    </message>
</context>
<context>
    <name>ResumeBar</name>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="127"/>
        <source>Resume</source>
        <translation>繼續</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="128"/>
        <source>Discard</source>
        <translation>捨棄</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="129"/>
        <source>Forget the unfinished batch; pages it read stay.</source>
        <translation>放棄未完成的批次；已辨識的頁面會保留。</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/batch_models.py" line="142"/>
        <source>Resume the unfinished batch ({0} pages left)?</source>
        <translation>要繼續未完成的批次嗎（剩餘 {0} 頁）？</translation>
    </message>
</context>
<context>
    <name>ReviewController</name>
    <message>
        <location filename="../../gui/review/controller.py" line="197"/>
        <source>Your text is not saved yet; staying on this page.</source>
        <translation>您的文字尚未儲存；停留在本頁。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="235"/>
        <source>This page was approved. Your edit takes the approval back: the page is in progress again until it is approved again.</source>
        <translation>本頁已核可。您的編輯將撤回核可：本頁回到「進行中」，須再次核可。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="240"/>
        <source>This page was marked reviewed. Your edit takes that back: the page is in progress again until it is reviewed again.</source>
        <translation>本頁已標為已審閱。您的編輯將撤回此標記：本頁回到「進行中」，須再次審閱。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="258"/>
        <source>Note saved.</source>
        <translation>備註已儲存。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="264"/>
        <source>Saved.</source>
        <translation>已儲存。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="276"/>
        <source>Your text is not saved yet; try again in a moment.</source>
        <translation>您的文字尚未儲存；請稍後再試。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="296"/>
        <source>Version #{0} was not restored: your typing could not be saved first. Try again once the status bar says it is saved.</source>
        <translation>版本 #{0} 未還原：您輸入的文字尚未能先儲存。請待狀態列顯示已儲存後再試一次。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="305"/>
        <source>Version #{0} restored as a new version.</source>
        <translation>版本 #{0} 已還原為新版本。</translation>
    </message>
    <message>
        <location filename="../../gui/review/controller.py" line="373"/>
        <source>A new reading of this page arrived while you were typing. Your edit is kept; the reading is in the page&apos;s history.</source>
        <translation>您輸入時，本頁的新辨識結果已送達。已保留您的編輯；該辨識結果已加入本頁版本紀錄。</translation>
    </message>
</context>
<context>
    <name>ReviewNavigator</name>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="90"/>
        <source>The review aids are not ready for this page yet.</source>
        <translation>本頁的審閱輔助尚未就緒。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="92"/>
        <source>The comparison is being updated…</source>
        <translation>正在更新比對結果…</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="196"/>
        <source>Going on to page {0}.</source>
        <translation>前往第 {0} 頁。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="203"/>
        <source>No more markers.</source>
        <translation>沒有下一個標示了。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="203"/>
        <source>No earlier markers.</source>
        <translation>沒有上一個標示了。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="205"/>
        <source>No alternate reading for this page: run one in the Compare dock.</source>
        <translation>本頁沒有替代辨識結果：請在「比對」面板執行辨識。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="206"/>
        <source>No more differences.</source>
        <translation>沒有下一個差異了。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="206"/>
        <source>No earlier differences.</source>
        <translation>沒有上一個差異了。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="271"/>
        <source>Go to a difference first (F8).</source>
        <translation>請先前往某個差異（F8）。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="275"/>
        <source>The alternate&apos;s reading of this item is not known exactly: edit it.</source>
        <translation>無法確知替代辨識結果在此項目的內容：請自行編輯。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="293"/>
        <source>The transcript&apos;s text is kept.</source>
        <translation>保留逐字稿的文字。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_nav.py" line="298"/>
        <source>The page changed meanwhile; nothing was replaced.</source>
        <translation>頁面已在此期間變更；未取代任何內容。</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="80"/>
        <source>The alternate reading to compare with</source>
        <translation>要比對的替代辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="81"/>
        <source>Alternate reading</source>
        <translation>替代辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="82"/>
        <source>Choose a reading to compare with</source>
        <translation>選擇要比對的辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="86"/>
        <source>Offline OCR engine for a second reading</source>
        <translation>用於第二份辨識結果的離線文字辨識引擎</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="87"/>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="89"/>
        <source>This page</source>
        <translation>本頁</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="90"/>
        <source>All pages</source>
        <translation>所有頁面</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="91"/>
        <source>Pages to read</source>
        <translation>要辨識的頁面</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="92"/>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="93"/>
        <location filename="../../gui/aids/compare_panel.py" line="356"/>
        <source>Read with this engine and store it as an alternate</source>
        <translation>以此引擎辨識，並存為替代辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="94"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="95"/>
        <source>Stop; the pages already read are kept</source>
        <translation>停止；已辨識的頁面會保留</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="105"/>
        <source>Page agreement</source>
        <translation>頁面一致率</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="108"/>
        <source>Document summary</source>
        <translation>文件摘要</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="111"/>
        <source>Ignore when comparing</source>
        <translation>比對時忽略</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="118"/>
        <source>Underline tokens the model was unsure of</source>
        <translation>標出模型不確定的 token</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="128"/>
        <source>Alternate reading text</source>
        <translation>替代辨識結果文字</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="130"/>
        <source>No alternate reading for this page: run an engine above.</source>
        <translation>本頁沒有替代辨識結果：請執行上方的引擎。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="135"/>
        <source>Whole-page problems</source>
        <translation>整頁問題</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="142"/>
        <source>Differences and markers</source>
        <translation>差異與標示</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="145"/>
        <source>Accept alternate&apos;s reading</source>
        <translation>採用替代辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="219"/>
        <source>Spaces and line breaks</source>
        <translation>空白與換行</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="220"/>
        <source>Full/half-width forms</source>
        <translation>全形／半形</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="221"/>
        <source>Variant characters (爲/為)</source>
        <translation>異體字（爲/為）</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="222"/>
        <source>Unreadable-text markers</source>
        <translation>無法辨識文字的標示</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="223"/>
        <source>Punctuation</source>
        <translation>標點</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="224"/>
        <source>Equivalent punctuation</source>
        <translation>同義標點</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="225"/>
        <source>Markdown formatting</source>
        <translation>Markdown 格式</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="226"/>
        <source>Chinese/Arabic numerals</source>
        <translation>國字／阿拉伯數字</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="227"/>
        <source>Name masks ○ read as 。/O/0</source>
        <translation>姓名遮蔽 ○ 誤讀為 。/O/0</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="228"/>
        <source>Reading order of lines</source>
        <translation>各行的閱讀順序</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="264"/>
        <source>This alternate is the transcript&apos;s own reading: comparing it with itself proves nothing. Choose or run another reading.</source>
        <translation>此替代辨識結果即為逐字稿本身的辨識結果：與自身比對毫無意義。請選擇或執行另一份辨識結果。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="269"/>
        <source>No alternate reading to compare this page with.</source>
        <translation>本頁沒有可比對的替代辨識結果。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="272"/>
        <source>Agreement on this page: {0} · {1} difference(s)</source>
        <translation>本頁一致率：{0} · {1} 處差異</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="306"/>
        <source>{0} of {1} page(s) compared, mean agreement {2}</source>
        <translation>已比對 {0}／{1} 頁，平均一致率 {2}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="287"/>
        <source>{0} {1} of {2}: {3}</source>
        <translation>{0} {1}／{2}：{3}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="310"/>
        <source>No page compared yet</source>
        <translation>尚未比對任何頁面</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="311"/>
        <source>{0} · {1} marker(s) left · {2} critical difference(s) open</source>
        <translation>{0} · 剩餘 {1} 個標示 · {2} 處關鍵差異未處理</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="315"/>
        <source>{0} page(s) with a whole-page problem</source>
        <translation>{0} 頁有整頁問題</translation>
    </message>
    <message>
        <location filename="../../gui/aids/compare_panel.py" line="367"/>
        <source>Reading {0} page(s) with {1}…</source>
        <translation>正在以 {1} 辨識 {0} 頁…</translation>
    </message>
</context>
<context>
    <name>ReviewQueue</name>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="119"/>
        <source>Review Queue</source>
        <translation>審閱佇列</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="202"/>
        <source>Review &amp;Queue</source>
        <translation>審閱佇列(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="208"/>
        <source>Next Critical &amp;Item or Page Problem</source>
        <translation>下一個法律關鍵項目或整頁問題(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="216"/>
        <source>Pre&amp;vious Critical Item or Page Problem</source>
        <translation>上一個法律關鍵項目或整頁問題(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="248"/>
        <source>No legal-critical items or whole-page problems.</source>
        <translation>沒有法律關鍵項目或整頁問題。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="275"/>
        <source>Wrapped around to the first critical item or page problem.</source>
        <translation>已繞回第一個法律關鍵項目或整頁問題。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="277"/>
        <source>Wrapped around to the last critical item or page problem.</source>
        <translation>已繞回最後一個法律關鍵項目或整頁問題。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="224"/>
        <source>Riskiest Pages &amp;First</source>
        <translation>風險最高的頁面優先(&amp;F)</translation>
    </message>
</context>
<context>
    <name>ReviewQueueModel</name>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="103"/>
        <source>Page</source>
        <translation>頁</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="103"/>
        <source>Kind</source>
        <translation>類型</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="103"/>
        <source>Detail</source>
        <translation>詳細內容</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="107"/>
        <source>Whole page: {0}</source>
        <translation>整頁：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="109"/>
        <source>Article</source>
        <translation>條文</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="110"/>
        <source>Modal word</source>
        <translation>情態詞</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="111"/>
        <source>Amount</source>
        <translation>金額</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="112"/>
        <source>Number</source>
        <translation>數字</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="113"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="114"/>
        <source>Case number</source>
        <translation>案號</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="115"/>
        <source>Masked name</source>
        <translation>姓名遮蔽</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="116"/>
        <source>Outcome</source>
        <translation>裁判結果</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="117"/>
        <source>Party role</source>
        <translation>當事人身分</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue_model.py" line="121"/>
        <source>{0} · Difference</source>
        <translation>{0} · 差異</translation>
    </message>
</context>
<context>
    <name>ReviewQueuePanel</name>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="50"/>
        <source>Legal-critical items and whole-page problems</source>
        <translation>法律關鍵項目與整頁問題</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="72"/>
        <source>No legal-critical items or whole-page problems.</source>
        <translation>沒有法律關鍵項目或整頁問題。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="76"/>
        <source>{0} legal-critical item(s) and {1} whole-page problem(s) on {2} page(s). F12: next.</source>
        <translation>{2} 頁中有 {0} 個法律關鍵項目、{1} 個整頁問題。F12：下一個。</translation>
    </message>
    <message>
        <location filename="../../gui/aids/review_queue.py" line="82"/>
        <source>{0} legal-critical item(s) on {1} page(s). F12: next.</source>
        <translation>{1} 頁中有 {0} 個法律關鍵項目。F12：下一個。</translation>
    </message>
</context>
<context>
    <name>RunComparison</name>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="333"/>
        <source>Compare R&amp;uns…</source>
        <translation>比對辨識結果(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../../gui/aids/eval_dialog.py" line="343"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
</context>
<context>
    <name>RunSettings</name>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="75"/>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="76"/>
        <source>No server: add one in OCR ▸ Servers…</source>
        <translation>沒有伺服器：請在 文字辨識 ▸ 伺服器… 新增</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="83"/>
        <source>The longest answer allowed, in tokens</source>
        <translation>允許的最長回應（token 數）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="89"/>
        <source>0 reads the most likely text; raise it to retry</source>
        <translation>0 取最可能的文字；提高數值可重試不同結果</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="96"/>
        <source>Above 1.0 discourages repeating itself (long tables can loop)</source>
        <translation>大於 1.0 可抑制重複（長表格可能陷入迴圈）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="100"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="101"/>
        <source>A fixed seed makes sampled readings repeatable (0 = none)</source>
        <translation>固定種子可讓取樣的辨識結果可重現（0 = 不固定）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="102"/>
        <source>Keep token confidence</source>
        <translation>保留 token 信心度</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="104"/>
        <source>Ask for each token&apos;s log-probability and keep it with the reading</source>
        <translation>要求每個 token 的對數機率，並與辨識結果一併保存</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="106"/>
        <source>Thinking off</source>
        <translation>關閉思考</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="109"/>
        <source>Ask reasoning models not to think first (faster; the whole budget is text)</source>
        <translation>要求推理模型不先思考（較快；整個預算都用於文字）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="113"/>
        <source>Token estimate</source>
        <translation>Token 估計</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="116"/>
        <source>&amp;Server:</source>
        <translation>伺服器(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="118"/>
        <source>Local model:</source>
        <translation>本機模型：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="121"/>
        <source>Max &amp;tokens:</source>
        <translation>最大 token 數(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="123"/>
        <source>T&amp;emperature:</source>
        <translation>溫度(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="131"/>
        <source>&amp;Repetition penalty:</source>
        <translation>重複懲罰(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="133"/>
        <source>See&amp;d:</source>
        <translation>種子(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="140"/>
        <source>Token estimate:</source>
        <translation>Token 估計：</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="189"/>
        <source>image ≤ {0:,} + prompt ≈ {1:,} + answer ≤ {2:,} = {3:,}</source>
        <translation>影像 ≤ {0:,} ＋ 提示詞 ≈ {1:,} ＋ 回應 ≤ {2:,} ＝ {3:,}</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="196"/>
        <source>of {0:,} (server context)</source>
        <translation>／{0:,}（伺服器上下文）</translation>
    </message>
    <message>
        <location filename="../../gui/ocr/run_settings.py" line="198"/>
        <source>(the server&apos;s context is learned on the first run)</source>
        <translation>（伺服器的上下文長度會在第一次執行時取得）</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="34"/>
        <source>OCR status</source>
        <translation>文字辨識狀態</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="71"/>
        <source>Reading — about {0:,} tokens — {1:.1f} s</source>
        <translation>辨識中 — 約 {0:,} 個 token — {1:.1f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="73"/>
        <source>Loading the model… {0:.0f} s</source>
        <translation>正在載入模型… {0:.0f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="75"/>
        <source>Waiting for the first token — {0:.0f} s</source>
        <translation>等待首個 token — {0:.0f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="77"/>
        <source>(the server may be starting: cold start)</source>
        <translation>（伺服器可能正在冷啟動）</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="79"/>
        <source>Connecting… {0:.1f} s</source>
        <translation>連線中… {0:.1f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/run_status.py" line="92"/>
        <source>The server said: {0}</source>
        <translation>伺服器回應：{0}</translation>
    </message>
</context>
<context>
    <name>SearchPanel</name>
    <message>
        <location filename="../../gui/review/search_panel.py" line="33"/>
        <source>Search all pages</source>
        <translation>搜尋所有頁面</translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="42"/>
        <source>Search results</source>
        <translation>搜尋結果</translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="66"/>
        <source>p. {0}: {1}</source>
        <translation>第 {0} 頁：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="71"/>
        <source>p. {0}:</source>
        <translation>第 {0} 頁：</translation>
    </message>
    <message>
        <location filename="../../gui/review/search_panel.py" line="76"/>
        <source>{0} match(es) on {1} page(s)</source>
        <translation>{1} 頁中有 {0} 筆符合</translation>
    </message>
</context>
<context>
    <name>ServerChecks</name>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="86"/>
        <location filename="../../gui/servers/server_checks.py" line="88"/>
        <source>Checking…</source>
        <translation>檢查中…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="108"/>
        <source>Something went wrong: {0}</source>
        <translation>發生錯誤：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="120"/>
        <source>{0} model(s) offered.</source>
        <translation>提供 {0} 個模型。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="122"/>
        <source>The server offers no models.</source>
        <translation>伺服器未提供任何模型。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="138"/>
        <source>ready</source>
        <translation>就緒</translation>
    </message>
</context>
<context>
    <name>ServerForm</name>
    <message>
        <location filename="../../gui/servers/server_form.py" line="64"/>
        <source>&amp;Name:</source>
        <translation>名稱(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="67"/>
        <source>http://127.0.0.1:8000/v1</source>
        <translation>http://127.0.0.1:8000/v1</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="68"/>
        <source>Base &amp;URL:</source>
        <translation>基礎網址(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="71"/>
        <source>Pages would travel unencrypted (http://) to another machine: anyone on the network in between could read these confidential documents. Use https:// if the server offers it.</source>
        <translation>頁面將以未加密方式（http://）傳送到另一部電腦：中間網路上的任何人都可能讀取這些機密文件。若伺服器支援，請改用 https://。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="83"/>
        <source>Clear key</source>
        <translation>清除金鑰</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="85"/>
        <source>API &amp;key:</source>
        <translation>API 金鑰(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="95"/>
        <source>&amp;Fetch models</source>
        <translation>取得模型清單(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="97"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="101"/>
        <source>Serverless endpoints that scale to zero need minutes to start: the first token can take several minutes after a quiet spell, so keep this generous.</source>
        <translation>可縮減至零的無伺服器端點需要數分鐘啟動：閒置一段時間後，首個 token 可能要等好幾分鐘，請設定寬裕一些。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="104"/>
        <source>Time allowed to open a connection.</source>
        <translation>建立連線允許的時間。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="106"/>
        <source>Time allowed for a whole page.</source>
        <translation>整頁允許的時間。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="107"/>
        <source>Connect timeout:</source>
        <translation>連線逾時：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="108"/>
        <source>First token timeout:</source>
        <translation>首個 token 逾時：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="109"/>
        <source>Total timeout:</source>
        <translation>總逾時：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="113"/>
        <source>automatic</source>
        <translation>自動</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="115"/>
        <source>0 = automatic: from the server&apos;s load, or a safe default.</source>
        <translation>0 = 自動：依伺服器負載，或使用安全的預設值。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="117"/>
        <source>Pages in flight:</source>
        <translation>同時處理頁數：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="124"/>
        <source>Image budget (pixels):</source>
        <translation>影像預算（像素）：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="127"/>
        <source>JPEG</source>
        <translation>JPEG</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="128"/>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="129"/>
        <source>Image format:</source>
        <translation>影像格式：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="132"/>
        <location filename="../../gui/servers/server_form.py" line="180"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="135"/>
        <source>Empty: connect directly. The system proxy settings (HTTP_PROXY and the like) are never used; only a proxy entered here.</source>
        <translation>空白：直接連線。系統的代理伺服器設定（HTTP_PROXY 等）一律不使用；只使用此處輸入的代理伺服器。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="139"/>
        <source>&amp;Proxy:</source>
        <translation>代理伺服器(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="141"/>
        <source>Verify the server&apos;s TLS certificate</source>
        <translation>驗證伺服器的 TLS 憑證</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="144"/>
        <source>&amp;Test connection</source>
        <translation>測試連線(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="180"/>
        <source>unchanged (type to replace)</source>
        <translation>未變更（輸入以取代）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="246"/>
        <source>max {0} tokens</source>
        <translation>最多 {0} 個 token</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="282"/>
        <source>Saved in the system keyring.</source>
        <translation>已存入系統金鑰圈。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="284"/>
        <source>Kept for this session only: no system keyring found.</source>
        <translation>僅保留於本次工作階段：找不到系統金鑰圈。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="287"/>
        <source>The key will be removed when you save.</source>
        <translation>儲存時將移除金鑰。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="295"/>
        <source>≈ {0:,} image tokens</source>
        <translation>≈ {0:,} 個影像 token</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="307"/>
        <source>Stop verifying TLS?</source>
        <translation>要停止驗證 TLS 嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_form.py" line="309"/>
        <source>Without verifying the certificate, anyone who can intercept the connection could pose as the server and read every page sent. Only do this for a server you run yourself with a self-signed certificate. Stop verifying?</source>
        <translation>若不驗證憑證，任何能攔截連線的人都可冒充伺服器，讀取送出的每一頁。只有在伺服器由您自行架設並使用自簽憑證時才這麼做。要停止驗證嗎？</translation>
    </message>
</context>
<context>
    <name>ServerListModel</name>
    <message>
        <location filename="../../gui/servers/server_list_model.py" line="53"/>
        <source>no model chosen</source>
        <translation>尚未選擇模型</translation>
    </message>
    <message>
        <location filename="../../gui/servers/server_list_model.py" line="63"/>
        <source>Used for re-runs</source>
        <translation>用於重新辨識</translation>
    </message>
</context>
<context>
    <name>ServerTools</name>
    <message>
        <location filename="../../gui/servers/tools.py" line="28"/>
        <source>&amp;Servers…</source>
        <translation>伺服器(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/tools.py" line="35"/>
        <source>&amp;Local vLLM Server…</source>
        <translation>本機 vLLM 伺服器(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../gui/servers/tools.py" line="42"/>
        <source>&amp;VRAM Planner…</source>
        <translation>VRAM 規劃工具(&amp;V)…</translation>
    </message>
</context>
<context>
    <name>ServersDialog</name>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="62"/>
        <source>Servers</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="74"/>
        <source>Server profiles</source>
        <translation>伺服器設定檔</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="76"/>
        <source>&amp;Add</source>
        <translation>新增(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="77"/>
        <source>D&amp;uplicate</source>
        <translation>複製(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="78"/>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="79"/>
        <source>Use for &amp;re-runs</source>
        <translation>用於重新辨識(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="80"/>
        <source>Re-runs of a page or region are sent to this server.</source>
        <translation>頁面或區域的重新辨識會送到此伺服器。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="95"/>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="97"/>
        <source>Save this server (Ctrl+S)</source>
        <translation>儲存此伺服器（Ctrl+S）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="99"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="155"/>
        <location filename="../../gui/servers/servers_dialog.py" line="204"/>
        <source>New server</source>
        <translation>新伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="157"/>
        <source>{0} — not saved yet</source>
        <translation>{0} — 尚未儲存</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="159"/>
        <source>{0} — unsaved changes</source>
        <translation>{0} — 有未儲存的變更</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="202"/>
        <source>Unsaved changes</source>
        <translation>未儲存的變更</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="203"/>
        <source>Save the changes to “{0}”?</source>
        <translation>要儲存對「{0}」的變更嗎？</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="241"/>
        <source>{0} (copy)</source>
        <translation>{0}（副本）</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="253"/>
        <source>Remove the server “{0}”? Its saved API key is deleted too. Pages already read stay as they are.</source>
        <translation>要移除伺服器「{0}」嗎？其儲存的 API 金鑰也會一併刪除。已辨識的頁面維持原狀。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="256"/>
        <source>Remove server</source>
        <translation>移除伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="271"/>
        <source>Give the server a name.</source>
        <translation>請為伺服器命名。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="284"/>
        <source>The server list could not be saved: {0}</source>
        <translation>無法儲存伺服器清單：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="288"/>
        <source>Saved. The API key is kept for this session only.</source>
        <translation>已儲存。API 金鑰僅保留於本次工作階段。</translation>
    </message>
    <message>
        <location filename="../../gui/servers/servers_dialog.py" line="290"/>
        <source>Saved.</source>
        <translation>已儲存。</translation>
    </message>
</context>
<context>
    <name>ShellActions</name>
    <message>
        <location filename="../../gui/shell/menus.py" line="134"/>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="143"/>
        <source>&amp;Import Transcripts (JSONL)…</source>
        <translation>匯入逐字稿（JSONL）(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="151"/>
        <source>Import Transcripts from a &amp;Folder…</source>
        <translation>從資料夾匯入逐字稿(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="159"/>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="164"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="170"/>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="172"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="175"/>
        <source>&amp;Find in Page…</source>
        <translation>在本頁尋找(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="180"/>
        <source>Find &amp;Next</source>
        <translation>尋找下一個(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="188"/>
        <source>Find Pre&amp;vious</source>
        <translation>尋找上一個(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="196"/>
        <source>&amp;Search All Pages…</source>
        <translation>搜尋所有頁面(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="210"/>
        <source>&amp;Next Page</source>
        <translation>下一頁(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="218"/>
        <source>&amp;Previous Page</source>
        <translation>上一頁(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="224"/>
        <source>&amp;First Page</source>
        <translation>第一頁(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="226"/>
        <source>&amp;Last Page</source>
        <translation>最後一頁(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="227"/>
        <source>&amp;Go to Page…</source>
        <translation>前往頁面(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="231"/>
        <source>&amp;Approve and Next</source>
        <translation>核可並前往下一頁(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="240"/>
        <source>Flag for Ano&amp;ther Look</source>
        <translation>標記為需再檢查(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="249"/>
        <source>Mark &amp;Reviewed</source>
        <translation>標為已審閱(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="256"/>
        <source>Mark &amp;Unreviewed</source>
        <translation>標為未審閱(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="268"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="276"/>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="284"/>
        <source>Fit &amp;Width</source>
        <translation>符合寬度(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="292"/>
        <source>Fit &amp;Page</source>
        <translation>符合頁面(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="300"/>
        <source>&amp;Actual Size</source>
        <translation>實際大小(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="312"/>
        <source>Show &amp;History</source>
        <translation>顯示版本紀錄(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="321"/>
        <source>&amp;Reset Layout</source>
        <translation>重設版面配置(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="328"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="330"/>
        <source>Where Are My &amp;Backups?</source>
        <translation>我的備份在哪裡？(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="340"/>
        <source>Open &amp;Recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="351"/>
        <source>(none yet)</source>
        <translation>（尚無）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="366"/>
        <source>Go to Page</source>
        <translation>前往頁面</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="367"/>
        <source>Page number:</source>
        <translation>頁碼：</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="385"/>
        <source>Backups</source>
        <translation>備份</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="387"/>
        <source>The review is backed up on close and every 30 minutes, older backups thinned to one a day, then one a week.

Backups of this document:
{0}</source>
        <translation>審閱資料會在關閉時及每 30 分鐘備份一次；較舊的備份會逐步精簡為每天一份，再精簡為每週一份。

本文件的備份：
{0}</translation>
    </message>
</context>
<context>
    <name>StatsDialog</name>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="68"/>
        <source>Review Statistics</source>
        <translation>審閱統計</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="79"/>
        <source>Computing the statistics…</source>
        <translation>正在計算統計…</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="86"/>
        <source>Drawing the charts…</source>
        <translation>正在繪製圖表…</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="92"/>
        <source>&amp;Charts</source>
        <translation>圖表(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="94"/>
        <source>By &amp;Model</source>
        <translation>依模型(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="95"/>
        <source>By &amp;Prompt</source>
        <translation>依提示詞(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="96"/>
        <source>By &amp;Server</source>
        <translation>依伺服器(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="97"/>
        <source>By &amp;Reviewer</source>
        <translation>依審閱者(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="98"/>
        <source>By Pa&amp;ge</source>
        <translation>依頁面(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="131"/>
        <source>The statistics could not be computed.</source>
        <translation>無法計算統計。</translation>
    </message>
    <message>
        <location filename="../../gui/stats/stats_dialog.py" line="154"/>
        <source>No charts yet: no page has both a machine reading and an approval.</source>
        <translation>尚無圖表：沒有任何頁面同時有機器辨識結果與核可。</translation>
    </message>
</context>
<context>
    <name>StatsFeature</name>
    <message>
        <location filename="../../gui/stats/feature.py" line="24"/>
        <source>&amp;Statistics…</source>
        <translation>統計(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../gui/stats/feature.py" line="30"/>
        <source>Open a document first.</source>
        <translation>請先開啟文件。</translation>
    </message>
</context>
<context>
    <name>TableDock</name>
    <message>
        <location filename="../../gui/tables/table_dock.py" line="69"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <location filename="../../gui/tables/table_dock.py" line="232"/>
        <source>a row past the page&apos;s table&apos;s last (its rows counted from the top)</source>
        <translation>超出頁面上表格最後一列的列（由上往下數列）</translation>
    </message>
    <message>
        <location filename="../../gui/tables/table_dock.py" line="249"/>
        <source>The table&apos;s findings come back when the page is reviewed again.</source>
        <translation>本頁重新審閱後，才會再標出此表格的問題。</translation>
    </message>
    <message>
        <location filename="../../gui/tables/table_dock.py" line="251"/>
        <source>No cell of this table is flagged.</source>
        <translation>此表格沒有標出問題的儲存格。</translation>
    </message>
    <message>
        <location filename="../../gui/tables/table_dock.py" line="287"/>
        <source>&amp;Table at Cursor</source>
        <translation>游標所在的表格(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gui/tables/table_dock.py" line="351"/>
        <source>This page&apos;s text cannot be changed now.</source>
        <translation>此頁的文字目前無法修改。</translation>
    </message>
</context>
<context>
    <name>TableGridModel</name>
    <message>
        <location filename="../../gui/tables/grid_model.py" line="228"/>
        <source>The table on the page before has this header: {0}</source>
        <translation>前一頁表格此欄的表頭：{0}</translation>
    </message>
</context>
<context>
    <name>TableGridView</name>
    <message>
        <location filename="../../gui/tables/grid_view.py" line="80"/>
        <source>Table cells</source>
        <translation>表格儲存格</translation>
    </message>
</context>
<context>
    <name>TablePanel</name>
    <message>
        <location filename="../../gui/tables/table_panel.py" line="28"/>
        <source>No table at the cursor.</source>
        <translation>游標處沒有表格。</translation>
    </message>
    <message>
        <location filename="../../gui/tables/table_panel.py" line="76"/>
        <source>Whole table: {0}</source>
        <translation>整個表格：{0}</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <location filename="../../gui/services/tasks.py" line="84"/>
        <source>Something went wrong: {0}</source>
        <translation>發生錯誤：{0}</translation>
    </message>
</context>
<context>
    <name>TeamFeature</name>
    <message>
        <location filename="../../gui/team/feature.py" line="94"/>
        <source>Team server…</source>
        <translation>團隊伺服器…</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="96"/>
        <source>Team progress…</source>
        <translation>團隊進度…</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="99"/>
        <source>Release My Claim on This Page</source>
        <translation>釋出我對本頁的認領</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="102"/>
        <source>Break Claim on This Page (Administrator)</source>
        <translation>解除他人對本頁的認領（管理員）</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="107"/>
        <source>Edit This Page Again</source>
        <translation>重新編輯本頁</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="118"/>
        <source>Documents opened from now on use this review store.</source>
        <translation>今後開啟的文件將使用此審閱資料庫。</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="206"/>
        <source>being edited by {name} since {time}</source>
        <translation>自 {time} 起由 {name} 編輯中</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="211"/>
        <source>your claim was broken by {name}: read-only until Page ▸ Edit This Page Again</source>
        <translation>您的認領已被 {name} 解除：本頁唯讀，直到選擇「頁面 ▸ 重新編輯本頁」</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="214"/>
        <source>your claim is gone: read-only until Page ▸ Edit This Page Again</source>
        <translation>您的認領已失效：本頁唯讀，直到選擇「頁面 ▸ 重新編輯本頁」</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="232"/>
        <source>Your claim on this page was not broken.</source>
        <translation>您對本頁的認領並未被解除。</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="264"/>
        <source>Only an administrator may break someone&apos;s claim.</source>
        <translation>只有管理員可以解除他人的認領。</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="270"/>
        <source>The claim of {name} on page {page} was broken.</source>
        <translation>已解除 {name} 對第 {page} 頁的認領。</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="275"/>
        <source>Page {page} is free for others.</source>
        <translation>第 {page} 頁已開放給其他人。</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="277"/>
        <source>Nobody held a claim on this page.</source>
        <translation>本頁沒有人認領。</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="339"/>
        <source>offline — {n} edits waiting</source>
        <translation>離線 — {n} 筆編輯待傳送</translation>
    </message>
    <message>
        <location filename="../../gui/team/feature.py" line="229"/>
        <location filename="../../gui/team/feature.py" line="261"/>
        <location filename="../../gui/team/feature.py" line="346"/>
        <source>Open a document kept on the team server first.</source>
        <translation>請先開啟存放在團隊伺服器上的文件。</translation>
    </message>
</context>
<context>
    <name>TeamServerDialog</name>
    <message>
        <location filename="../../gui/team/server_dialog.py" line="24"/>
        <source>Team server</source>
        <translation>團隊伺服器</translation>
    </message>
    <message>
        <location filename="../../gui/team/server_dialog.py" line="29"/>
        <source>kept in the system keyring</source>
        <translation>存放於系統金鑰圈</translation>
    </message>
    <message>
        <location filename="../../gui/team/server_dialog.py" line="33"/>
        <source>Server address</source>
        <translation>伺服器位址</translation>
    </message>
    <message>
        <location filename="../../gui/team/server_dialog.py" line="34"/>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <location filename="../../gui/team/server_dialog.py" line="42"/>
        <source>Documents opened from now on keep their review on this server. Leave the address empty to keep reviews on this computer.</source>
        <translation>今後開啟的文件會將審閱資料存放在此伺服器上。位址留空則將審閱資料存放在本機。</translation>
    </message>
    <message>
        <location filename="../../gui/team/server_dialog.py" line="60"/>
        <source>The address starts with postgresql://</source>
        <translation>位址以 postgresql:// 開頭</translation>
    </message>
</context>
<context>
    <name>TranscriptEditor</name>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="100"/>
        <source>Transcript</source>
        <translation>逐字稿</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="101"/>
        <source>No transcript for this page yet.</source>
        <translation>本頁尚無逐字稿。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="120"/>
        <source>Find in page</source>
        <translation>在本頁尋找</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="123"/>
        <source>Previous match</source>
        <translation>上一個符合項目</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="124"/>
        <source>Next match</source>
        <translation>下一個符合項目</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="125"/>
        <source>Close (Esc)</source>
        <translation>關閉（Esc）</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="209"/>
        <source>{0} match(es)</source>
        <translation>{0} 筆符合</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/transcript_editor.py" line="209"/>
        <source>not found</source>
        <translation>找不到</translation>
    </message>
</context>
<context>
    <name>VersionListModel</name>
    <message>
        <location filename="../../gui/review/history_panel.py" line="50"/>
        <source>OCR</source>
        <translation>文字辨識</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="51"/>
        <source>edited</source>
        <translation>人工編輯</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="52"/>
        <source>imported</source>
        <translation>匯入</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="53"/>
        <source>alternate reading</source>
        <translation>替代辨識結果</translation>
    </message>
    <message>
        <location filename="../../gui/review/history_panel.py" line="54"/>
        <source>restored</source>
        <translation>還原</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="28"/>
        <source>Show Compare and the Review Queue</source>
        <translation>顯示「比對」與「審閱佇列」</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="29"/>
        <source>Where do your transcripts come from?</source>
        <translation>您的逐字稿從哪裡來？</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="31"/>
        <source>Connect to a vLLM server…</source>
        <translation>連線到 vLLM 伺服器…</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="32"/>
        <source>Start a local vLLM server…</source>
        <translation>啟動本機 vLLM 伺服器…</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="33"/>
        <source>Use the offline engine (no server)</source>
        <translation>使用離線引擎（不需伺服器）</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="36"/>
        <source>RapidOCR reads the pages on this computer. Less accurate than a VLM, but it needs no server: OCR ▸ Transcribe with the Offline Engine.</source>
        <translation>RapidOCR 在本機辨識頁面。準確度不如 VLM，但不需伺服器：文字辨識 ▸ 以離線引擎產生逐字稿。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="40"/>
        <source>Got it</source>
        <translation>知道了</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="60"/>
        <source>&lt;b&gt;Pages&lt;/b&gt; (left): ○ not reviewed, ✓ approved, 92.0% agreement with the offline engine, ◆2 markers of unreadable text left. F1 explains every symbol.</source>
        <translation>&lt;b&gt;頁面&lt;/b&gt;（左側）：○ 尚未審閱、✓ 已核可、92.0% 為與離線引擎的一致率、◆2 表示剩餘 2 個無法辨識文字的標示。按 F1 可查看所有符號說明。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="64"/>
        <source>&lt;b&gt;Transcript&lt;/b&gt; (right): correct it beside the scan; typing is saved as you go. Ctrl+Enter approves the page and goes to the next.</source>
        <translation>&lt;b&gt;逐字稿&lt;/b&gt;（右側）：對照掃描影像校對；輸入內容會隨時儲存。Ctrl+Enter 核可本頁並前往下一頁。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="68"/>
        <source>&lt;b&gt;Compare&lt;/b&gt; (Ctrl+D): where the transcript and the offline engine&apos;s reading differ; F8 goes to the next difference, F7 to the next 【blurry】 marker.</source>
        <translation>&lt;b&gt;比對&lt;/b&gt;（Ctrl+D）：顯示逐字稿與離線引擎辨識結果不同之處；F8 前往下一個差異，F7 前往下一個【模糊】標示。</translation>
    </message>
    <message>
        <location filename="../../gui/onboarding/welcome.py" line="72"/>
        <source>&lt;b&gt;Review queue&lt;/b&gt; (Ctrl+Shift+K): every legal-critical disagreement (得/應, amounts, dates, case numbers) in the document; F12 goes to the next.</source>
        <translation>&lt;b&gt;審閱佇列&lt;/b&gt;（Ctrl+Shift+K）：文件中所有法律關鍵歧異（得／應、金額、日期、案號）；F12 前往下一個。</translation>
    </message>
</context>
<context>
    <name>self.hub</name>
    <message>
        <location filename="../../gui/servers/server_checks.py" line="130"/>
        <source>ready</source>
        <translation>就緒</translation>
    </message>
</context>
</TS>
