"""fortyfives"""
