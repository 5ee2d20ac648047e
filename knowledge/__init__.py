"""The curated knowledge base: values, talents, passions, workbook questions."""
