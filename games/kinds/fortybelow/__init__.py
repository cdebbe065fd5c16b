"""fortybelow"""
